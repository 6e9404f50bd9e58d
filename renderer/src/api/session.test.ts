// @vitest-environment happy-dom
/**
 * The tab's hold on its browser-shell session: taken from the sign-in redirect's fragment, out
 * of the address bar at once, kept across a reload, and never taken from a fragment that is not
 * a session (a link someone else crafted to plant their own).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const API = 'a'.repeat(43);
const MEDIA = 'm'.repeat(43);

async function freshModule() {
  vi.resetModules();
  return import('./session.js');
}

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  sessionStorage.clear();
});

describe('the browser shell session in the tab', () => {
  it('takes the secrets from the fragment and clears them from the address bar and history', async () => {
    history.replaceState(null, '', `/chat?x=1#studio-session=${API}.${MEDIA}`);
    const { readSession } = await freshModule();
    expect(readSession()).toEqual({ api: API, media: MEDIA });
    expect(location.href).not.toContain(API);
    expect(location.pathname + location.search + location.hash).toBe('/chat?x=1');
  });

  it('takes the fragment out of the address bar as the module loads, before any call asks for it', async () => {
    history.replaceState(null, '', `/#studio-session=${API}.${MEDIA}`);
    const entries = history.length;
    await freshModule();
    // main.tsx imports this module first: nothing else on the page runs with the secret in the URL.
    expect(location.href).not.toContain(API);
    expect(location.hash).toBe('');
    expect(sessionStorage.getItem('gateway-studio:session')).toBe(`${API}.${MEDIA}`);
    // Replaced, not pushed: no entry behind it holds the secret.
    expect(history.length).toBe(entries);
  });

  it('keeps them across a reload of the tab, from its own storage', async () => {
    history.replaceState(null, '', `/#studio-session=${API}.${MEDIA}`);
    (await freshModule()).readSession();
    // A reload: a new module, no fragment any more.
    const { readSession } = await freshModule();
    expect(readSession()).toEqual({ api: API, media: MEDIA });
  });

  it('has no session without a sign-in, and takes none from a malformed fragment', async () => {
    expect((await freshModule()).readSession()).toBeUndefined();
    for (const bad of ['studio-session=onlyone', 'studio-session=a.b"><img', 'studio-session=.']) {
      history.replaceState(null, '', `/#${bad}`);
      expect((await freshModule()).readSession(), bad).toBeUndefined();
    }
  });

  it('puts the media secret, and only it, on media URLs, each path segment encoded', async () => {
    history.replaceState(null, '', `/#studio-session=${API}.${MEDIA}`);
    const { mediaUrl } = await freshModule();
    expect(mediaUrl('/media/', 'images/2026/a cat#1.png')).toBe(`/media/images/2026/a%20cat%231.png?m=${MEDIA}`);
  });

  it('adds nothing to media URLs on the desktop, whose bridge needs no session', async () => {
    window.studio = {} as never;
    try {
      const { mediaUrl } = await freshModule();
      expect(mediaUrl('studio-media://library/', 'a b.png')).toBe('studio-media://library/a%20b.png');
    } finally {
      delete window.studio;
    }
  });
});
