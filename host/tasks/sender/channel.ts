/**
 * The line the host and its sender process talk over (docs/robust-host.md, "A send that outlives
 * its host"): a local socket (a Unix socket, a named pipe on Windows) carrying one JSON message a
 * line. Not Node's fork channel: a packaged desktop app has Electron's RunAsNode fuse off, so its
 * sender is the app's own binary started in sender mode, a main process whose fork channel
 * Electron does not promise; a socket works the same under Node, tsx and every Electron.
 *
 * The socket's path is in the sender's argv (it is no secret); a one-time nonce in its
 * environment, readable only by the same user, proves the connection is the sender this host
 * started before the key is ever sent over it (docs/security.md).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pidAlive } from './handoff-table.js';

/** The sender's argv flag: `--studio-job-sender=<socket>` (electron/main.ts starts in sender mode on it). */
export const SENDER_FLAG = '--studio-job-sender';
/** Where the sender finds its nonce; removed from its environment once read. */
export const NONCE_ENV = 'STUDIO_SENDER_NONCE';

const PREFIX = 'studio-sender-';

/** The socket a sender started with `argv` connects to, if it was started as one. */
export function senderSocketArg(argv: readonly string[]): string | undefined {
  const arg = argv.find((a) => a.startsWith(`${SENDER_FLAG}=`));
  return arg?.slice(SENDER_FLAG.length + 1) || undefined;
}

/** One end of the line: JSON messages in and out, `close` once the other end is gone. */
export class LineChannel<In, Out> {
  private closed = false;
  private readonly closers: (() => void)[] = [];

  constructor(private readonly socket: Socket, onMessage: (m: In) => void) {
    socket.setNoDelay(true);
    // A write to an end that is gone fails here, not as an uncaught error: `close` says it.
    socket.on('error', () => undefined);
    // readline passes its input's errors on as its own: a connection reset by a killed peer would
    // otherwise be thrown, and a sender crashed by it left the POST it was making unanswered.
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    lines.on('error', () => undefined);
    lines.on('line', (line) => {
      let m: In;
      try {
        m = JSON.parse(line) as In;
      } catch {
        return; // not ours: the line is dropped, the channel stays
      }
      onMessage(m);
    });
    socket.once('close', () => {
      this.closed = true;
      for (const c of this.closers) c();
    });
  }

  get connected(): boolean {
    return !this.closed && !this.socket.destroyed;
  }

  onClose(f: () => void): void {
    if (this.closed) f();
    else this.closers.push(f);
  }

  /** Sends `m`; `done` hears whether it was written (an end that is gone: an error). */
  send(m: Out, done?: (err?: Error) => void): void {
    if (!this.connected) return done?.(new Error('the channel is closed'));
    this.socket.write(`${JSON.stringify(m)}\n`, (err) => done?.(err ?? undefined));
  }

  /** The channel never holds its process open. */
  unref(): void {
    this.socket.unref();
  }

  end(): void {
    this.socket.end();
  }
}

/** The host's side: one socket per session, one nonce per sender it starts. */
export class SenderListener {
  readonly path = socketPath();
  private server?: Server;
  private readonly waiting = new Map<string, (s: Socket) => void>();

  /**
   * Listens, once; the socket never holds the host open. A local socket is bound within the call
   * (libuv binds before it returns), so a sender started right after can connect; a failure to
   * bind comes later, and the sender that cannot connect ends, which says it (job-sender.ts).
   */
  open(): void {
    if (this.server) return;
    sweepStale();
    const server = createServer({ allowHalfOpen: false }, (s) => this.greet(s));
    server.on('error', () => undefined);
    server.listen(this.path);
    server.unref();
    this.server = server;
  }

  /** A nonce for the next sender, and the socket that sender connects with once it proved it. */
  expect(): { nonce: string; connected: Promise<Socket>; cancel(): void } {
    const nonce = randomBytes(24).toString('hex');
    const connected = new Promise<Socket>((resolve) => this.waiting.set(nonce, resolve));
    return { nonce, connected, cancel: () => this.waiting.delete(nonce) };
  }

  close(): void {
    this.waiting.clear();
    this.server?.close();
    this.server = undefined;
    if (process.platform !== 'win32') rmSync(this.path, { force: true });
  }

  /** The first line of a connection must be its nonce: anything else is dropped unanswered. */
  private greet(s: Socket): void {
    s.on('error', () => undefined);
    s.unref();
    const timer = setTimeout(() => s.destroy(), 10_000).unref();
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      const end = seen.indexOf('\n');
      if (end < 0) {
        if (seen.length > 256) s.destroy();
        return;
      }
      s.off('data', onData);
      clearTimeout(timer);
      const rest = seen.slice(end + 1);
      const resolve = this.match(seen.slice(0, end));
      if (!resolve) return void s.destroy();
      s.pause();
      if (rest) s.unshift(Buffer.from(rest, 'latin1'));
      resolve(s);
    };
    s.on('data', onData);
  }

  private match(line: string): ((s: Socket) => void) | undefined {
    const given = Buffer.from(line);
    for (const [nonce, resolve] of this.waiting) {
      const want = Buffer.from(nonce);
      if (given.length === want.length && timingSafeEqual(given, want)) {
        this.waiting.delete(nonce);
        return resolve;
      }
    }
    return undefined;
  }
}

/** The sender's side: connects to its host and proves itself; rejects when the host is gone. */
export function connectToHost(path: string, nonce: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(path);
    s.once('error', reject);
    s.once('connect', () => {
      s.off('error', reject);
      s.write(`${nonce}\n`);
      resolve(s);
    });
  });
}

function socketPath(): string {
  const name = `${PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
  // A Unix socket's path is held to ~100 bytes: the temporary folder, not the data folder.
  return process.platform === 'win32' ? `\\\\.\\pipe\\${name}` : join(tmpdir(), `${name}.sock`);
}

/** Sockets left by hosts that were killed (their pid gone) are removed at the next start. */
function sweepStale(): void {
  if (process.platform === 'win32') return;
  try {
    for (const name of readdirSync(tmpdir())) {
      const pid = Number(/^studio-sender-(\d+)-[0-9a-f]+\.sock$/.exec(name)?.[1]);
      if (pid && !pidAlive(pid)) rmSync(join(tmpdir(), name), { force: true });
    }
  } catch {
    // A temporary folder that cannot be read: nothing to sweep.
  }
}
