/**
 * A real HTTP hop in front of a gateway (usually the sandbox), for tests that must see what
 * reached the gateway or make it answer what no honest gateway would: it records every request,
 * forwards it, and on matching paths can instead drop the connection (before forwarding, or
 * after the gateway has taken the request: a job whose fate is unknown) or send a scripted answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status of the gateway's answer, once a forwarded one came back. */
  status?: number;
}

export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** `drop`: close the socket unanswered, nothing forwarded; `drop-after`: forward, let the gateway finish, then close unanswered. */
export type Action = 'drop' | 'drop-after' | Scripted | ((seen: Seen) => Scripted);

interface Rule { method?: string; match: string; remaining: number; action: Action }

export interface GatewayHop {
  url: string;
  seen: Seen[];
  /** Requests whose method is `method` and whose path contains `match`. */
  count(method: string, match: string): number;
  /** The next `times` matching requests get `action` instead of a plain forward. */
  on(match: string, action: Action, times?: number, method?: string): void;
  /** Drops every rule still pending: from now on, plain forwarding. */
  clear(): void;
  /**
   * Keeps matching requests unanswered, nothing forwarded, until `release`: a gateway slow to
   * answer its POSTs, for tests of how many are under way at once.
   */
  hold(match: string, method?: string): void;
  /** Forwards (or acts on) every held request, and holds no more. */
  release(): void;
  /** How many requests are being held now. */
  held(): number;
  /** Resolves once a matching request has arrived (at once if one already has). */
  arrived(method: string, match: string, nth?: number): Promise<Seen>;
  close(): Promise<void>;
}

export interface HopOptions {
  /**
   * Rewrites the target's own address to the hop's in plain JSON answers, as a reverse proxy in
   * front of a gateway does: result links then lead through the hop, the profile's gateway, as the
   * studio requires of links to this computer (gateway/private-address.ts).
   */
  relink?: boolean;
}

export async function startHop(target: string, opts: HopOptions = {}): Promise<GatewayHop> {
  const seen: Seen[] = [];
  let rules: Rule[] = [];
  const waiters: { method: string; match: string; nth: number; resolve: (s: Seen) => void }[] = [];
  const matching = (method: string, match: string) => seen.filter((s) => s.method === method && s.path.includes(match));
  const wake = () => {
    for (const w of [...waiters]) {
      const hit = matching(w.method, w.match)[w.nth - 1];
      if (hit) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(hit);
      }
    }
  };

  const forward = (req: http.IncomingMessage, body: Buffer, onAnswer: (res: http.IncomingMessage) => void, onError: () => void) => {
    // Relinking reads the answers: they are asked for uncompressed.
    const headers = { ...req.headers, host: new URL(target).host, ...(opts.relink ? { 'accept-encoding': 'identity' } : {}) };
    const up = http.request(`${target}${req.url}`, { method: req.method, headers }, onAnswer);
    up.once('error', onError);
    up.end(body);
  };

  let holding: { match: string; method?: string } | undefined;
  const heldOnes: (() => void)[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      const s: Seen = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: body.toString('utf8') };
      seen.push(s);
      wake();
      if (holding && s.path.includes(holding.match) && (!holding.method || holding.method === s.method)) {
        heldOnes.push(() => handle(req, res, s, body));
        return;
      }
      handle(req, res, s, body);
    });
  });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, s: Seen, body: Buffer) => {
    const rule = rules.find((r) => r.remaining > 0 && s.path.includes(r.match) && (!r.method || r.method === s.method));
    if (rule) rule.remaining -= 1;
    rules = rules.filter((r) => r.remaining > 0);
    const action = rule?.action;
    if (action === 'drop') return req.socket.destroy();
    if (action === 'drop-after') {
      return forward(req, body, (up) => {
        up.resume();
        up.once('end', () => req.socket.destroy());
      }, () => req.socket.destroy());
    }
    if (action) {
      const a = typeof action === 'function' ? action(s) : action;
      res.writeHead(a.status, a.headers ?? {});
      return res.end(a.body ?? '');
    }
    forward(req, body, (up) => {
      s.status = up.statusCode;
      if (opts.relink && /json/.test(up.headers['content-type'] ?? '') && !up.headers['content-encoding']) return relinked(up, res);
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      // A gateway that cuts its answer short is cut short here too, not ended cleanly.
      up.once('close', () => {
        if (!up.complete) res.destroy();
      });
    }, () => req.socket.destroy());
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A whole JSON answer with the target's address made the hop's. */
  const relinked = (up: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    up.on('data', (c: Buffer) => chunks.push(c));
    up.once('close', () => {
      if (!up.complete) return res.destroy();
      const from = new URL(target).origin;
      let text = Buffer.concat(chunks).toString('utf8');
      // As written, with JSON's escaped slashes, and percent-encoded (the multipart video link).
      for (const as of [(u: string) => u, (u: string) => u.replace(/\//g, '\\/'), encodeURIComponent]) text = text.split(as(from)).join(as(url));
      const headers = { ...up.headers, 'content-length': String(Buffer.byteLength(text)) };
      delete headers['transfer-encoding'];
      res.writeHead(up.statusCode ?? 502, headers).end(text);
    });
  };
  return {
    url,
    seen,
    count: (method, match) => matching(method, match).length,
    on: (match, action, times = 1, method) => void rules.push({ match, action, remaining: times, method }),
    clear: () => { rules = []; },
    hold: (match, method) => { holding = { match, method }; },
    release: () => {
      holding = undefined;
      for (const go of heldOnes.splice(0)) go();
    },
    held: () => heldOnes.length,
    arrived: (method, match, nth = 1) => new Promise((resolve) => {
      waiters.push({ method, match, nth, resolve });
      wake();
    }),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
