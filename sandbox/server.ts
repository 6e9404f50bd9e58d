/**
 * The offline sandbox gateway: a spec-faithful implementation of the whole gateway API over
 * real HTTP on 127.0.0.1, producing real media. `startSandbox()` is what tests and the studio
 * embed; `cli.ts` is `npm run sandbox`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Accounts, units, type Account } from './core/accounts.js';
import { createClock, sleep, type Clock } from './core/clock.js';
import type { Call, Route, SandboxState } from './core/context.js';
import { Faults } from './core/faults.js';
import { FileStore, type FileRecord } from './core/files.js';
import { GatewayError, errorType, sendError, sendJson } from './core/http.js';
import { createSaver, readJsonIfAny } from './core/persist.js';
import { TaskStore, type TaskRecord } from './core/tasks.js';
import { createGenerator } from './core/generate.js';
import { taskBill } from './core/billing.js';
import { sendAnswerFault } from './core/fault-bodies.js';
import { MediaPool } from './media/media-pool.js';
import { accountRoutes } from './routes/account.js';
import { chatRoutes } from './routes/chat.js';
import { responsesRoutes } from './routes/responses.js';
import { nativeRoutes } from './routes/native.js';
import { imageRoutes } from './routes/images.js';
import { videoRoutes } from './routes/videos.js';
import { taskRoutes } from './routes/tasks.js';
import { speechRoutes } from './routes/speech.js';
import { adminRoutes, fileRoutes } from './routes/admin.js';

export interface SandboxOptions {
  port?: number;
  /** Simulated clocks run this many times faster (task lifecycles, stream pace, link TTL). */
  speed?: number;
  /** Keeps balances, tasks and media across restarts; without it everything lives in a temp dir. */
  dataDir?: string;
  linkTtlSeconds?: number;
  /** Simulated milliseconds between streamed chunks; 0 streams as fast as the socket allows. */
  streamPaceMs?: number;
  /** Real milliseconds one media job (an image, a video, a speech) may run before its worker is stopped. */
  mediaTimeLimitMs?: number;
  /** Media workers at most (default 2). */
  mediaWorkers?: number;
  /**
   * Runs on this clock instead of one made from `speed` (and resumed from `dataDir`): a test that
   * sets the simulated time itself checks time limits exactly, whatever the machine's load.
   */
  clock?: Clock;
}

export interface Sandbox {
  url: string;
  port: number;
  state: SandboxState;
  close(): Promise<void>;
}

const ROUTES: Route[] = [
  ...accountRoutes, ...chatRoutes, ...responsesRoutes, ...nativeRoutes, ...imageRoutes,
  ...videoRoutes, ...taskRoutes, ...speechRoutes, ...adminRoutes, ...fileRoutes,
];

interface Snapshot { simNow: number; realNow: number; accounts: Account[]; tasks: TaskRecord[]; files: FileRecord[] }

function apiKey(req: IncomingMessage, route: Route, params: string[]): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  if (bearer) return bearer;
  const goog = req.headers['x-goog-api-key'];
  return route.googKey?.({ params }) && typeof goog === 'string' && goog ? goog : undefined;
}

function sendFault(res: ServerResponse, f: NonNullable<ReturnType<Faults['nextFail']>>) {
  const message = f.message ?? (f.status === 429 ? 'Too many requests (sandbox fault)' : `Injected failure ${f.status} (sandbox fault)`);
  const headers: Record<string, string> = f.retryAfter !== undefined ? { 'Retry-After': String(f.retryAfter) } : {};
  if (f.format === 'envelope') return sendJson(res, 200, { code: f.status, message, data: null }, headers);
  if (f.format === 'text' || f.format === 'html') {
    const text = f.format === 'html' ? `<html><head><title>${f.status}</title></head><body><h1>${f.status} ${message}</h1><hr>nginx</body></html>` : message;
    res.writeHead(f.status, { 'Content-Type': f.format === 'html' ? 'text/html' : 'text/plain', ...headers });
    return res.end(text);
  }
  sendJson(res, f.status, { error: { code: f.status, message, type: errorType(f.status) } }, headers);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new Error('--speed must be a positive number');
  const ownDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'gateway-sandbox-'));
  const root = options.dataDir ?? ownDir!;
  const saved = options.dataDir ? (readJsonIfAny(join(options.dataDir, 'state.json')) as Snapshot | undefined) : undefined;

  const saver = createSaver(options.dataDir, (): Snapshot => ({
    simNow: state.clock.now(), realNow: Date.now(), accounts: state.accounts.list(), tasks: state.tasks.list(), files: state.files.list(),
  }));
  const changed = () => saver.schedule();
  const clock = options.clock ?? createClock(speed, saved);
  const accounts = new Accounts(saved?.accounts, changed, () => clock.now());
  const state: SandboxState = {
    clock,
    accounts,
    files: new FileStore(root, clock, options.linkTtlSeconds ?? 86_400, saved?.files, changed),
    tasks: undefined as unknown as TaskStore,
    faults: new Faults(),
    media: new MediaPool({ size: options.mediaWorkers, timeLimitMs: options.mediaTimeLimitMs }),
    baseUrl: '',
    streamPaceMs: options.streamPaceMs ?? 20,
    maxBodyBytes: 64 * 1024 * 1024,
    toolShape: 'chat',
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      const e = err instanceof GatewayError ? err : new GatewayError(500, `Internal sandbox error: ${(err as Error).message}`);
      sendError(res, e);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', state.baseUrl);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    let pathMatched = false;
    for (const route of ROUTES) {
      const m = route.pattern.exec(url.pathname);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params = m.slice(1);
      if (!url.pathname.startsWith('/_sandbox')) {
        const hold = state.faults.nextHold(url.pathname);
        if (hold) await hold;
        const delay = state.faults.nextLatency(url.pathname);
        if (delay) await sleep(delay);
        const fail = state.faults.nextFail(url.pathname);
        if (fail) return sendFault(res, fail);
        const answer = state.faults.nextAnswerFault(url.pathname);
        if (answer) return sendAnswerFault(state.faults, res, answer);
      }
      let account = undefined as unknown as Account;
      if (route.auth) {
        const key = apiKey(req, route, params);
        if (!key) throw new GatewayError(401, 'Missing API key: send the header Authorization: Bearer <API_KEY>');
        const found = state.accounts.find(key);
        if (!found) throw new GatewayError(401, 'Invalid API key: this key is not recognised by the gateway');
        account = found;
      }
      const call: Call = { req, res, url, params, account };
      return await route.handler(state, call);
    }
    if (pathMatched) throw new GatewayError(405, `Method ${req.method} is not allowed on ${url.pathname}`);
    throw new GatewayError(404, `No such endpoint: ${req.method} ${url.pathname}`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.baseUrl = `http://127.0.0.1:${port}`;
  // Tasks resume (and re-enqueue their generation) only once links can be minted.
  state.tasks = new TaskStore(clock, saved?.tasks, createGenerator(() => state), changed, (t) => {
    // A job the gateway failed is refunded, unless the "stays billed" fault chose it (docs/sandbox.md).
    const acct = accounts.find(t.key);
    if (!acct || t.staysBilled) return;
    if (t.chargeSeq !== undefined) accounts.refund(acct, t.chargeSeq, taskBill(t));
    else if (t.costYuan) accounts.refundUnrecorded(acct, units(t.costYuan));
  });

  return {
    url: state.baseUrl,
    port,
    state,
    async close() {
      // Stalled and endless fault bodies end with their sockets; jobs still rendering are
      // stopped, and their tasks stay pending so that a restart with the same dataDir resumes them.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      state.tasks.stop();
      await state.media.close();
      await stopped;
      await state.tasks.idle();
      await saver.flush();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}
