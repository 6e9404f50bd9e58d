/**
 * URL checks shared by the window, IPC and protocol adapters. Pure functions (no electron import)
 * so the rules are tested directly.
 */

const MAX_EXTERNAL_URL_LENGTH = 2048;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Whether a URL the renderer asked to open may be handed to the OS browser. Only https with a
 * public-looking DNS name: no credentials (they hide the real host: `https://bank.com@evil`), no
 * IP literals or single-label names (they reach local services such as routers), and no other
 * scheme (`file:` runs local files, custom schemes launch other apps, `http:` can be tampered with).
 */
export function isSafeExternalUrl(raw: string): boolean {
  if (typeof raw !== 'string' || raw.length > MAX_EXTERNAL_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  // The WHATWG parser already turned dotted-quad hosts into IPv4; an all-digit TLD means an IP.
  return TLD.test(labels[labels.length - 1]);
}

/**
 * Builds the test for "this URL is the app itself": the dev server's origin, or exactly the
 * bundled `index.html` file (any other file: URL is the user's disk, not the app).
 */
export function appUrlMatcher(rendererUrl: string): (url: string) => boolean {
  const app = new URL(rendererUrl);
  if (app.protocol === 'file:') {
    return (candidate) => {
      const url = tryParse(candidate);
      return url !== undefined && url.protocol === 'file:' && url.host === '' && url.pathname === app.pathname;
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
