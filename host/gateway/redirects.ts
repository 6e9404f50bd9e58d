/**
 * The one rule for redirects, applied by the host's one transport (transport.ts) to every request
 * it makes, gateway calls and result downloads alike: a header that carries the key never goes to
 * another origin (scheme, host and port). Redirects are followed hop by hop with this rule, never
 * by a library's own redirect handling: fetch (the host's client before) dropped `Authorization` on a
 * cross-origin hop but kept every other header (and, after a 307, the body), so `x-goog-api-key`
 * went along to wherever a gateway pointed (docs/security.md).
 *
 * What happens on a cross-origin hop depends on what the request carries:
 * - a gateway call (it carries the key) is refused with a clear error instead of followed without
 *   its key: the creator expects the key, the prompt and any MCP token in the body to go to the
 *   base URL saved in Settings and nowhere else, and a call sent on without its key would only
 *   fail at the other end as "key rejected". If the gateway really moved, the error names the
 *   new origin, to be saved as the base URL (a profile pointed elsewhere drops its key too:
 *   settings/profile-service.ts). Same-origin hops (a trailing slash, a moved path) are followed.
 * - a download (a result link needs no key, and gets none: `withoutKey`) follows every hop, as
 *   links to storage behind a CDN need.
 */
import { msg, type Message } from '@shared/messages/index.js';

/** The statuses fetch follows (its default `redirect: 'follow'`), and its hop limit. */
export const REDIRECTS = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 20;

/** Headers that carry the key (spec §5). */
const KEY_HEADERS = new Set(['authorization', 'x-goog-api-key']);
/** Headers about a body, dropped with it when a hop turns the request into a GET. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']);

export type Headers = Record<string, string>;

const carriesKey = (headers: Headers) => Object.keys(headers).some((h) => KEY_HEADERS.has(h.toLowerCase()));

/** `headers` without any that carries a key. */
export function withoutKey(headers: Headers): Headers {
  return Object.fromEntries(Object.entries(headers).filter(([h]) => !KEY_HEADERS.has(h.toLowerCase())));
}

export interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  /** Whether the request has a body to send (again, after a 307 or 308). */
  keepBody: boolean;
  /** Redirects followed so far. */
  hops: number;
}

/** A redirect the host will not follow: past the hop limit, or elsewhere with the key (`elsewhere`). */
export class RedirectRefused extends Error {
  constructor(readonly text: Message, readonly elsewhere = false) {
    super(text.message);
  }
}

/**
 * The request to send after a redirect answer, as fetch would make it (303, and 301/302 after a
 * POST, become a GET without a body). Throws `RedirectRefused` for a hop past the limit, or to
 * another origin while the headers carry the key; a `Location` that is no URL throws a TypeError.
 */
export function nextHop(from: Hop, status: number, location: string): Hop {
  if (from.hops >= MAX_REDIRECTS) throw new RedirectRefused(msg('gateway.network.tooManyRedirects'));
  const url = new URL(location, from.url);
  if (url.origin !== from.url.origin && carriesKey(from.headers)) {
    // Only the origin is named: the rest of the address may hold a token of the other server's.
    const origin = url.origin === 'null' ? url.protocol : url.origin;
    throw new RedirectRefused(msg('gateway.network.redirectedElsewhere', { origin }), true);
  }
  const toGet = status === 303 ? from.method !== 'HEAD' : (status === 301 || status === 302) && from.method === 'POST';
  const keepBody = !toGet && from.keepBody;
  const headers = toGet ? Object.fromEntries(Object.entries(from.headers).filter(([h]) => !BODY_HEADERS.has(h.toLowerCase()))) : from.headers;
  return { url, method: toGet ? 'GET' : from.method, headers, keepBody, hops: from.hops + 1 };
}
