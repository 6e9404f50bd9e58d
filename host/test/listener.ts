/**
 * A real local HTTP server for tests that play a hostile gateway, or a server a gateway points
 * the studio at: it records every request it is sent (headers and body included) and answers
 * through the test's handler.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Heard {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Listener {
  /** `http://127.0.0.1:<port>`: an origin of its own. */
  url: string;
  port: number;
  heard: Heard[];
  close(): Promise<void>;
}

export type Answer = (req: Heard, res: http.ServerResponse, self: { url: string; port: number }) => void;

export async function listen(answer: Answer): Promise<Listener> {
  const heard: Heard[] = [];
  let self = { url: '', port: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => {
      const h: Heard = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      heard.push(h);
      answer(h, res, self);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  self = { url: `http://127.0.0.1:${port}`, port };
  return {
    ...self,
    heard,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The headers of a request that carry a key, by name; and any header whose value holds `key`. */
export function keyHeadersOf(h: Heard, key: string): string[] {
  return Object.entries(h.headers)
    .filter(([name, value]) => name === 'authorization' || name === 'x-goog-api-key' || String(value).toLowerCase().includes(key.toLowerCase()))
    .map(([name]) => name);
}

export const json = (res: http.ServerResponse, value: unknown, status = 200) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
};
