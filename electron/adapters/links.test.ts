import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appUrlMatcher, externalUrl } from './links.js';

// The policy: the studio may open any https link to a public DNS name in the user's browser,
// exactly as parsed, and nothing else.
describe('externalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['https://docs.example.com/path?q=1#frag', 'https://docs.example.com/path?q=1#frag'],
    // Any host: what matters is that it is a real https URL of that host (the window tests prove
    // such a link never navigates the app itself).
    ['https://host.attacker.example', 'https://host.attacker.example/'],
    ['https://attacker.example/#@gateway.example', 'https://attacker.example/#@gateway.example'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['https://example.com./', 'https://example.com./'],
    // Parsed and opened in full form, so no other program reads the host differently.
    ['https:example.com/x', 'https://example.com/x'],
    ['https:/example.com/x', 'https://example.com/x'],
  ])('opens %s as %s', (raw, opened) => {
    expect(externalUrl(raw)).toBe(opened);
  });

  it.each([
    ['file:///etc/passwd', 'local file'],
    ['file://server/share/x.exe', 'file on another machine'],
    ['javascript:alert(1)', 'script'],
    ['JavaScript:alert(1)', 'script, mixed case'],
    ['data:text/html,<script>alert(1)</script>', 'data URL'],
    ['blob:https://example.com/0d5e', 'blob URL'],
    ['about:blank', 'about URL'],
    ['myapp://do-something', 'custom scheme launches another app'],
    ['ms-msdt:/id PCWDiagnostic /skip force', 'Follina'],
    ['ms-msdt:-id%20PCWDiagnostic', 'Follina, encoded'],
    ['vscode://vscode.git/clone?url=https://attacker.example/r.git', 'editor deep link'],
    ['smb://attacker.example/share', 'SMB leaks Windows credentials'],
    ['\\\\attacker.example\\share', 'UNC path'],
    ['search-ms:query=x&crumb=location:\\\\attacker.example', 'Windows search handler'],
    ['mailto:a@example.com', 'mail handler'],
    ['ftp://example.com/x', 'ftp'],
    ['ws://example.com', 'websocket'],
    ['http://example.com', 'plain http'],
    ['HTTP://example.com', 'plain http, upper case'],
    ['https://user:pw@x.com', 'credentials hide the real host'],
    ['https://user@x.com', 'username only'],
    ['https://gateway.example@attacker.example', 'looks like the gateway, goes to the attacker'],
    ['https://gateway.example:443@attacker.example/', 'username and password that look like a port'],
    ['https://gateway.example%40attacker.example/', 'encoded @ in the host'],
    ['https://gateway.example\\@attacker.example/', 'backslash before @ (read as userinfo elsewhere)'],
    ['https://example.com\\evil', 'backslash as a path separator'],
    ['https://exa\tmple.com/', 'tab inside the host'],
    ['https://example.com/\nSet-Cookie:x', 'newline'],
    [' https://example.com/', 'leading space'],
    ['https://example.com/\u0000', 'NUL'],
    ['https://localhost/', 'single-label host'],
    ['https://router/', 'intranet name'],
    ['https://app.localhost/', 'loopback name (RFC 6761)'],
    ['https://printer.local/', 'mDNS name'],
    ['https://nas.home.arpa/', 'home network name'],
    ['https://db.internal/', 'private-use TLD'],
    ['https://127.0.0.1/', 'IPv4 literal'],
    ['https://0x7f.1/', 'IPv4 in disguise'],
    ['https://2130706433/', 'IPv4 as one number'],
    ['https://192.168.1.1./', 'IPv4 with a trailing dot'],
    ['https://[::1]/', 'IPv6 literal'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped IPv6'],
    ['https://-bad-.example/', 'label with hyphens at its ends'],
    ['https://exa_mple.com/', 'underscore in the host'],
    ['https://example.123/', 'numeric TLD'],
    ['https://', 'no host'],
    ['https:///path', 'empty host'],
    ['https://exa mple.com/', 'space in the host'],
    ['https://example.com:99999/', 'port out of range'],
    ['studio-media://library/a.png', 'our own media scheme'],
    ['//example.com/x', 'scheme-relative'],
    ['/settings', 'relative path'],
    ['not a url', 'garbage'],
    ['', 'empty'],
    [`https://example.com/${'a'.repeat(3000)}`, 'absurdly long'],
  ])('refuses %s (%s)', (url) => {
    expect(externalUrl(url)).toBeUndefined();
  });

  it('refuses what is not a string at all (a compromised renderer sends anything)', () => {
    for (const value of [undefined, null, 42, { toString: () => 'https://example.com' }]) {
      expect(externalUrl(value as unknown as string)).toBeUndefined();
    }
  });
});

describe('appUrlMatcher', () => {
  it('for the bundled renderer, accepts only the app scheme\'s index.html (any hash or query)', () => {
    const isApp = appUrlMatcher(APP_INDEX_URL);
    expect(APP_INDEX_URL).toBe('studio-app://bundle/index.html');
    expect(isApp('studio-app://bundle/index.html')).toBe(true);
    expect(isApp('studio-app://bundle/index.html#/gallery')).toBe(true);
    expect(isApp('studio-app://bundle/index.html?tab=chat')).toBe(true);
    for (const url of [
      'studio-app://bundle/assets/index.js', // a file of the bundle, not the page
      'studio-app://bundle/other.html',
      'studio-app://bundle/',
      'studio-app://evil/index.html', // another host of the scheme
      'studio-app://bundle.attacker.example/index.html',
      'studio-app://user:pw@bundle/index.html',
      'studio-app://bundle:8080/index.html',
      'studio-app://bundle/index%2ehtml',
      'studio-media://bundle/index.html',
      'file:///opt/studio/out/renderer/index.html', // the disk is never the app any more
      'file:///etc/passwd',
      'https://host.attacker.example/index.html',
      'not a url',
    ]) {
      expect(isApp(url), url).toBe(false);
    }
  });

  it('for the dev server, accepts exactly its origin', () => {
    const isApp = appUrlMatcher('http://localhost:5173/');
    expect(isApp('http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isApp('http://localhost:5174/')).toBe(false);
    expect(isApp('https://localhost:5173/')).toBe(false);
    expect(isApp('http://localhost.attacker.example:5173/')).toBe(false);
    expect(isApp('file:///opt/studio/out/renderer/index.html')).toBe(false);
  });

  it('refuses to treat another scheme as the app, file: included', () => {
    expect(() => appUrlMatcher('javascript:alert(1)')).toThrow();
    expect(() => appUrlMatcher('file:///opt/studio/out/renderer/index.html')).toThrow();
  });
});
