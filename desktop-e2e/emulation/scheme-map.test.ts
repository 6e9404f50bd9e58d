/**
 * The scheme map translates the app's own schemes to the https origins the emulation serves them
 * at, and back, at every border (docs/desktop-harness.md, "Schemes"): what the app reads back must
 * be exactly what it wrote, and the page's policy must allow the mapped origins and nothing more.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import { SchemeMap } from './scheme-map.js';

const map = new SchemeMap();
map.add('studio-app');
map.add('studio-media');

describe('SchemeMap', () => {
  it('maps URLs both ways, inside any text, and leaves other URLs alone', () => {
    const text = 'see studio-media://library/a/b.png?x=1 and studio-app://bundle/index.html#top, not https://example.com/ nor my-studio-media://x/';
    const page = map.toPage(text);
    expect(page).toBe('see https://library.studio-media.invalid/a/b.png?x=1 and https://bundle.studio-app.invalid/index.html#top, not https://example.com/ nor my-studio-media://x/');
    expect(map.fromPage(page)).toBe(text);
  });

  it('does not read a look-alike host as one of the schemes', () => {
    expect(map.fromPage('https://library.studio-media.invalid.evil.example/x')).toBe('https://library.studio-media.invalid.evil.example/x');
    expect(map.schemeOf('https://library.studio-media.invalid.evil.example/x')).toBeUndefined();
    expect(map.schemeOf('https://library.studio-media.invalid/x')).toBe('studio-media');
    expect(map.schemeOf('https://bundle.other.invalid/')).toBeUndefined();
  });

  it("turns the app's CSP scheme sources into the mapped origins, and only those", () => {
    const policy = map.policyToPage(CONTENT_SECURITY_POLICY);
    expect(policy).toContain("img-src 'self' data: https://*.studio-media.invalid https:");
    expect(policy).toContain("media-src 'self' https://*.studio-media.invalid");
    expect(policy).toContain("connect-src 'self' https://*.studio-media.invalid");
    expect(policy).not.toMatch(/(^|\s)studio-media:/);
    expect(policy).toContain("script-src 'self'");
  });

  it('translates every string inside JSON-like values, keys untouched', () => {
    const value = { mediaBase: 'studio-media://library/', list: ['studio-app://bundle/x', 3, null], nested: { 'studio-media://k': true } };
    expect(map.deep(value, 'toPage')).toEqual({ mediaBase: 'https://library.studio-media.invalid/', list: ['https://bundle.studio-app.invalid/x', 3, null], nested: { 'studio-media://k': true } });
    expect(map.deep(map.deep(value, 'toPage'), 'fromPage')).toEqual(value);
  });
});
