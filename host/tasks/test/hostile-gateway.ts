/**
 * A gateway written by an attacker, on a real local listener: it takes image jobs, finishes each
 * at once, and answers its task with the result links the test chose; it also serves files of the
 * test's choosing, with whatever Content-Type the test says. Beside it, a listener that only
 * records who knocked: a local service a result link must never reach. Free of vitest.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  body: Buffer;
  contentType: string;
}

export interface HostileGateway {
  url: string;
  /** The links the next finished task answers, given the gateway's own URL. */
  links: (base: string) => string[];
  /** Files served under `/files/<name>`. */
  files: Map<string, Served>;
  /** Redirects under `/go/<name>`: where each leads. */
  redirects: Map<string, string>;
  /** The answer to a native image call (`generateContent`), as sent. */
  native?: unknown;
  /** Paths asked for, in order. */
  heard: string[];
  close(): Promise<void>;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

const envelope = (res: ServerResponse, data: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 200, data }));

export async function startHostileGateway(): Promise<HostileGateway> {
  let next = 0;
  const tasks = new Map<string, string[]>();
  const gw: HostileGateway = { url: '', links: () => [], files: new Map(), redirects: new Map(), heard: [], close: async () => undefined };
  const { server, url } = await listen((req, res) => {
    const path = req.url ?? '/';
    gw.heard.push(path);
    req.resume();
    if (req.method === 'POST' && path === '/v1/images/generations') {
      const id = `task-${++next}`;
      tasks.set(id, gw.links(gw.url));
      return envelope(res, [{ status: 'submitted', task_id: id }]);
    }
    if (req.method === 'POST' && path.endsWith(':generateContent') && gw.native) return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(gw.native));
    const task = /^\/v1\/tasks\/([^/]+)$/.exec(path);
    if (task && tasks.has(task[1])) {
      const images = tasks.get(task[1])!.map((link) => ({ url: link, width: 1, height: 1 }));
      return envelope(res, { task_id: task[1], status: 'completed', progress: 100, created_at: new Date().toISOString(), result: { images } });
    }
    const to = gw.redirects.get(path.replace(/^\/go\//, ''));
    if (to) return res.writeHead(302, { Location: to }).end();
    const file = gw.files.get(path.replace(/^\/files\//, ''));
    if (file) return res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': String(file.body.length) }).end(file.body);
    res.writeHead(404).end();
  });
  return Object.assign(gw, { url, close: () => close(server) });
}

/** A local service (an admin page, a router): it records every request and answers a secret. */
export async function startLocalService(): Promise<{ url: string; heard: string[]; close(): Promise<void> }> {
  const heard: string[] = [];
  const { server, url } = await listen((req, res) => {
    heard.push(req.url ?? '/');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end('admin password: hunter2');
  });
  return { url, heard, close: () => close(server) };
}
