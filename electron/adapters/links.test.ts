import { describe, expect, it } from 'vitest';
import { appUrlMatcher, isSafeExternalUrl } from './links.js';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://example.com',
    'https://docs.example.com/path?q=1#frag',
    'https://host.attacker.example', // allowed as an external link; the window tests prove it never navigates the app
    'https://xn--bcher-kva.example/',
    'https://example.com:8443/x',
  ])('opens %s externally', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    ['file:///etc/passwd', 'local file'],
    ['javascript:alert(1)', 'script'],
    ['JavaScript:alert(1)', 'script, mixed case'],
    ['myapp://do-something', 'custom scheme launches another app'],
    ['http://example.com', 'plain http'],
    ['https://user:pw@x.com', 'credentials hide the real host'],
    ['https://user@x.com', 'username only'],
    ['https://localhost/', 'single-label host'],
    ['https://127.0.0.1/', 'IPv4 literal'],
    ['https://0x7f.1/', 'IPv4 in disguise'],
    ['https://[::1]/', 'IPv6 literal'],
    ['data:text/html,<script>alert(1)</script>', 'data URL'],
    ['studio-media://library/a.png', 'our own media scheme'],
    ['not a url', 'garbage'],
    ['', 'empty'],
    [`https://example.com/${'a'.repeat(3000)}`, 'absurdly long'],
  ])('refuses %s (%s)', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('appUrlMatcher', () => {
  it('for a bundled renderer, accepts only that index.html (any hash or query)', () => {
    const isApp = appUrlMatcher('file:///opt/studio/out/renderer/index.html');
    expect(isApp('file:///opt/studio/out/renderer/index.html')).toBe(true);
    expect(isApp('file:///opt/studio/out/renderer/index.html#/gallery')).toBe(true);
    expect(isApp('file:///opt/studio/out/renderer/other.html')).toBe(false);
    expect(isApp('file:///etc/passwd')).toBe(false);
    expect(isApp('file://remote-host/opt/studio/out/renderer/index.html')).toBe(false);
    expect(isApp('https://host.attacker.example/opt/studio/out/renderer/index.html')).toBe(false);
    expect(isApp('not a url')).toBe(false);
  });

  it('for the dev server, accepts exactly its origin', () => {
    const isApp = appUrlMatcher('http://localhost:5173/');
    expect(isApp('http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isApp('http://localhost:5174/')).toBe(false);
    expect(isApp('https://localhost:5173/')).toBe(false);
    expect(isApp('http://localhost.attacker.example:5173/')).toBe(false);
    expect(isApp('file:///opt/studio/out/renderer/index.html')).toBe(false);
  });

  it('refuses to treat another scheme as the app', () => {
    expect(() => appUrlMatcher('javascript:alert(1)')).toThrow();
  });
});
