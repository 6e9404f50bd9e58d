/**
 * URL checks shared by the window, IPC and protocol adapters. Pure functions (no electron import)
 * so the rules are tested directly.
 */

/**
 * The renderer's own scheme (app-scheme.ts, docs/packaging.md "The app scheme"): the packaged
 * window loads `studio-app://bundle/index.html` and nothing on the disk by a file: URL.
 */
export const APP_SCHEME = 'studio-app';
export const APP_HOST = 'bundle';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const MAX_EXTERNAL_URL_LENGTH = 2048;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Names that resolve to this machine or the local network by standard (RFC 6761, 6762, 8375). */
const LOCAL_TLDS = new Set(['localhost', 'local', 'internal', 'arpa']);
/**
 * Backslashes, whitespace and control characters are silently fixed by the URL parser but may be
 * read differently by the program the OS hands the link to (`https://a.example\@b.example`).
 */
const ambiguous = (raw: string) => /[\\\s]/.test(raw) || [...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * The URL to hand to the OS browser for a link the renderer asked to open, or undefined. Only
 * https with a public-looking DNS name: no credentials (they hide the real host:
 * `https://bank.example@evil.example`), no IP literals, single-label or local names (they reach
 * local services such as routers), and no other scheme (`file:` runs local files, custom schemes
 * such as `ms-msdt:` or `vscode:` launch other apps, `smb:` leaks credentials, `http:` can be
 * tampered with). What is opened is the parsed URL, so the OS sees exactly what was checked.
 */
export function externalUrl(raw: string): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_EXTERNAL_URL_LENGTH || ambiguous(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  const tld = labels[labels.length - 1];
  // The WHATWG parser already turned dotted-quad hosts into IPv4; an all-digit TLD means an IP.
  if (!TLD.test(tld) || LOCAL_TLDS.has(tld)) return undefined;
  return url.href;
}

/**
 * Builds the test for "this URL is the app itself": the dev server's origin, or exactly the
 * bundle's `index.html` on the app scheme (its other files are scripts and styles, never a page
 * that should hold the window's IPC rights). A file: URL is never the app: every file on the disk
 * would share that "origin".
 */
export function appUrlMatcher(rendererUrl: string): (url: string) => boolean {
  const app = new URL(rendererUrl);
  if (app.protocol === `${APP_SCHEME}:`) {
    return (candidate) => {
      const url = tryParse(candidate);
      return url !== undefined && url.protocol === app.protocol && url.host === app.host
        && url.username === '' && url.password === '' && url.pathname === app.pathname;
    };
  }
  if (app.protocol !== 'http:' && app.protocol !== 'https:') {
    throw new Error(`Unsupported renderer URL: ${rendererUrl}`);
  }
  return (candidate) => tryParse(candidate)?.origin === app.origin;
}

function tryParse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
