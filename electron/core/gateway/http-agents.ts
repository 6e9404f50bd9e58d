/**
 * The keep-alive connection pools of the light transports (http-json.ts, download-source.ts):
 * one per protocol for the whole host, as fetch's global dispatcher is.
 */
import http from 'node:http';
import https from 'node:https';

// Free sockets are dropped after 4 s idle (undici's default, so as fetch does), or sooner when
// the server's Keep-Alive hint says so (node:http reads it): a request rarely meets a socket the
// server has just closed.
export const agents = {
  http: new http.Agent({ keepAlive: true, timeout: 4_000, scheduling: 'lifo' }),
  https: new https.Agent({ keepAlive: true, timeout: 4_000, scheduling: 'lifo' }),
};

export function transportFor(url: URL): { lib: typeof http | typeof https; agent: http.Agent } {
  if (url.protocol === 'https:') return { lib: https, agent: agents.https };
  if (url.protocol === 'http:') return { lib: http, agent: agents.http };
  // fetch refuses other schemes with a TypeError too.
  throw new TypeError(`Only http and https links can be fetched (got ${url.protocol}).`);
}
