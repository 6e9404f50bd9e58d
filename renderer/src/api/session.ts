/**
 * The browser shell's session secrets, as this tab holds them (docs/security.md, "The browser
 * shell's session"). The sign-in redirect hands them over in the URL fragment, which no browser
 * sends to a server; they move at once into this tab's sessionStorage (kept across a reload,
 * isolated per origin, so per port: a page on another local port cannot read it) and out of the
 * address bar and history. The desktop app has no session: its bridge is the preload.
 */
const FRAGMENT_KEY = 'studio-session';
const STORAGE_KEY = 'gateway-studio:session';

export interface ShellSession {
  /** Sent as the `X-Studio-Session` header on every call, and on the event stream's URL. */
  api: string;
  /** On media URLs only, which cannot carry a header. */
  media: string;
}

function parse(value: string | null | undefined): ShellSession | undefined {
  const [api, media] = (value ?? '').split('.');
  return api && media && /^[\w-]+$/.test(api) && /^[\w-]+$/.test(media) ? { api, media } : undefined;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: the session lasts as long as the page
  }
}

let current: ShellSession | undefined;

/** Takes the session out of the address bar (once, at start) or from this tab's storage. */
export function readSession(): ShellSession | undefined {
  if (current) return current;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const fromLink = parse(hash.get(FRAGMENT_KEY));
  if (fromLink) {
    storage()?.setItem(STORAGE_KEY, `${fromLink.api}.${fromLink.media}`);
    hash.delete(FRAGMENT_KEY);
    const rest = hash.toString();
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + (rest ? `#${rest}` : ''));
    current = fromLink;
    return current;
  }
  current = parse(storage()?.getItem(STORAGE_KEY));
  return current;
}

// Out of the address bar as this module loads: main.tsx imports it first, so no other code on the
// page runs while the secret is in the URL, and the tab's history entry is replaced before the
// page can be left (docs/security.md, "The browser shell's session").
if (typeof window !== 'undefined' && !window.studio) readSession();

/** What a media URL needs after its path in this shell: `?m=…` in the browser shell, nothing on the desktop. */
export function mediaQuery(): string {
  if (window.studio) return '';
  const session = readSession();
  return session ? `?m=${encodeURIComponent(session.media)}` : '';
}

/**
 * Where the renderer loads a saved file from: the host's media base (the desktop's custom
 * protocol or the browser shell's route), the library-relative path with each segment encoded,
 * and this tab's media secret in the browser shell. It lives here, in the first bundle, because
 * several lazily loaded tabs use it and a module of its own would split off one more shared chunk.
 */
export function mediaUrl(base: string, rel: string): string {
  return base + rel.split('/').map(encodeURIComponent).join('/') + mediaQuery();
}
