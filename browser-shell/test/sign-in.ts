/**
 * Signing in to the browser shell from Node, as a browser tab does: spend a one-time link, keep
 * the cookie it sets and the secrets its redirect's fragment hands over (session.ts). Tests and
 * benchmarks then call the API with what a signed-in page sends.
 */
import { FRAGMENT_KEY } from '../session.js';

export interface SignedIn {
  origin: string;
  /** `name=value`, ready for a Cookie header. */
  cookie: string;
  cookieName: string;
  cookieValue: string;
  api: string;
  media: string;
  /** What the page sends with every call. */
  headers: Record<string, string>;
}

export async function signIn(link: string): Promise<SignedIn> {
  const url = new URL(link);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const location = res.headers.get('location') ?? '';
  const fragment = new URLSearchParams(location.split('#')[1] ?? '').get(FRAGMENT_KEY) ?? '';
  const [api, media] = fragment.split('.');
  if (res.status !== 303 || !cookie || !api || !media) throw new Error(`signing in at ${url.origin} failed (HTTP ${res.status})`);
  const eq = cookie.indexOf('=');
  return {
    origin: url.origin,
    cookie,
    cookieName: cookie.slice(0, eq),
    cookieValue: cookie.slice(eq + 1),
    api,
    media,
    headers: { Cookie: cookie, Origin: url.origin, 'X-Studio-Session': api },
  };
}
