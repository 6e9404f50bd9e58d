/**
 * The host's side of the sender process (docs/robust-host.md, "A send that outlives its host"):
 * a job's POST is made by a small process of its own, started on the first send and detached in
 * its own process group, so that a host killed mid-send (a crash, kill -9, a closed laptop lid
 * that never woke) loses no answer: the sender writes it into the job's hand-off row
 * (handoff-table.ts), and the next start follows the job by its task id.
 *
 * When no sender can start (no entry in this layout, a refused spawn, a database in memory) a
 * job is sent in-process, as before, said once in the log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/migrations.js';
import type { HostEmitter } from '../../events.js';
import type { GatewayClient } from '../../gateway/client.js';
import { GatewayFailure } from '../../gateway/failure.js';
import { msg } from '@shared/messages/index.js';
import type { PreparedJob } from '../job-spec.js';
import { jobBilling, postJob } from '../job-submit.js';
import type { BilledLinks, HostEvents } from '../../events.js';
import { BEAT_STALE_MS, HandoffTable, pidAlive } from './handoff-table.js';
import { failureOf, toWire, type HostRequest, type SendAnswer, type SenderReply, type SpeakRequest, type SpokenAudio } from './protocol.js';
import { LineChannel, NONCE_ENV, SENDER_FLAG, SenderListener } from './channel.js';

/** How a sender is started: a command and its arguments, to which the socket's flag is added (channel.ts). */
export interface SenderCommand {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * How a sender is started in this layout: a packaged desktop app starts its own binary in sender
 * mode (its RunAsNode fuse is off, docs/packaging.md; electron/main.ts dispatches on the flag);
 * otherwise the bundle's entry beside us runs as Node, else the sources through tsx.
 */
export function senderEntry(): SenderCommand | undefined {
  if (process.versions.electron && !(process as { defaultApp?: boolean }).defaultApp) {
    // Chromium's own switches the studio was started with (a system without a setuid sandbox helper).
    return { command: process.execPath, args: process.argv.filter((a) => a === '--no-sandbox') };
  }
  const here = dirname(fileURLToPath(import.meta.url));
  // electron-vite emits it as its own entry beside out/main/index.js (electron.vite.config.ts);
  // this module may sit in that file or in a shared chunk one folder below it.
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'job-sender.js');
    // Electron's binary run on the app's folder runs it as plain Node (its own ABI, which the database driver is built for).
    if (existsSync(built)) return { command: process.execPath, args: [built], env: process.versions.electron ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : undefined };
  }
  const source = join(here, 'sender-main.ts');
  if (existsSync(source)) return { command: process.execPath, args: ['--import', 'tsx', source] };
  return undefined;
}

/** How long a sender may take to start and connect before jobs are sent in-process instead. */
const BOOT_MS = 30_000;

type Channel = LineChannel<SenderReply, HostRequest>;
/** A sender process of this session: its channel once it listens, undefined when it never does. */
interface SenderRun {
  proc?: ChildProcess;
  gone: boolean;
  ready: Promise<Channel | undefined>;
}

/** Who takes a job's billed call (job-store.ts, `billed`). */
type Heard = (billed: HostEvents['billed']) => void;

/** What a start found of a job that was being sent when the last session ended. */
export type Recovered = { kind: 'unsent' } | { kind: 'unknown' } | { kind: 'answered'; answer: SendAnswer } | { kind: 'posting' };

/** How the id of a speech call's row begins: the job queue's start leaves such rows be. */
export const SPEECH_ROW = 'speech:';

/** A request the sender found taken back (named, so no scan of the sources takes it for a module). */
const SKIPPED = 'skipped';

/** How often a start looks at the row of a job a living sender is still posting. */
const WATCH_MS = 200;

export interface JobSenderDeps {
  /** The tasks domain's connection: the hand-off rows. */
  db: Db;
  /** The database file the sender opens. */
  file: string;
  log(line: string): void;
  /** Where the billed call the sender made is announced (host/events.ts), as the gateway client does in-process. */
  events?: HostEmitter;
  /** Tests: how the sender is started; undefined sends in-process. */
  entry?: () => ReturnType<typeof senderEntry>;
}

export class JobSender {
  readonly rows: HandoffTable;
  private child?: SenderRun;
  private listener?: SenderListener;
  private broken = false;
  private readonly pending = new Map<string, { resolve(a: SendAnswer | 'skipped'): void }>();

  constructor(private readonly d: JobSenderDeps) {
    this.rows = new HandoffTable(d.db);
  }

  /** The sender's process id while one runs (tests). */
  get pid(): number | undefined {
    return this.child?.proc?.pid;
  }

  /** Written before the job is marked as being sent: from here a kill leaves the row, not a doubt. */
  handOff(jobId: string): void {
    this.rows.ready(jobId);
    // Started now, so its boot overlaps the job record's write.
    this.process();
  }

  /**
   * Sends a job whose row is `ready`: the task ids the gateway answered, or its failure thrown,
   * as postJob does in-process. The billed call is announced here, once the answer arrives.
   */
  async post(jobId: string, client: GatewayClient, prepared: PreparedJob, links?: BilledLinks, heard?: Heard): Promise<unknown[]> {
    const wire = toWire(prepared);
    const child = wire ? this.process() : undefined;
    if (!wire || !child) return this.inProcess(jobId, client, prepared, links, heard);
    const answer = await this.handTo(child, jobId, { type: 'send', jobId, db: this.d.file, endpoint: client.endpoint, job: wire });
    // Taken back by this host (its sender went away before claiming it): sent here instead.
    if (answer === 'skipped') return this.inProcess(jobId, client, prepared, links, heard);
    // The sender knows the job's id; what else the host knows of it (its batch) joins the links here.
    if (answer.billed) answer.billed = { ...answer.billed, links: { ...links, ...answer.billed.links } };
    return this.apply(answer, heard);
  }

  /**
   * A narration's speech call through the sender (docs/robust-host.md, "Speech through the
   * sender"), its row written `ready` by `handOff` first: the audio whole on disk, or the
   * failure thrown. Undefined when no sender took it (none can start, or it left before claiming
   * the row, taken back here): the caller then calls in-process.
   */
  async speak(id: string, client: GatewayClient, speech: SpeakRequest['speech']): Promise<SpokenAudio | undefined> {
    const child = this.process();
    if (!child) {
      this.rows.dropIfReady(id);
      return undefined;
    }
    const answer = await this.handTo(child, id, { type: 'speak', jobId: id, db: this.d.file, endpoint: client.endpoint, speech });
    return answer === SKIPPED ? undefined : this.audioOf(answer);
  }

  /** A speech answer read from a row or the channel: its billed call announced, the audio, or its failure thrown. */
  audioOf(answer: SendAnswer): SpokenAudio {
    if (answer.billed) this.d.events?.emit('billed', answer.billed);
    if ('failure' in answer) throw failureOf(answer.failure);
    if (!('audio' in answer)) throw new GatewayFailure('bad_response', msg('jobs.task.senderLost'), false);
    return answer.audio;
  }

  /** The job's record holds the outcome: its row goes. */
  done(jobId: string): void {
    try {
      this.rows.forget(jobId);
    } catch (err) {
      this.d.log(`sender: a hand-off row stays (${(err as Error).message}); the next start clears it`);
    }
  }

  /**
   * Applies an answer read from a row or the channel: task ids, or the failure thrown. The billed
   * call goes to `heard` (the job writes it with its record), else it is announced on the bus.
   */
  apply(answer: SendAnswer, heard?: Heard): unknown[] {
    if (answer.billed && heard) heard(answer.billed);
    else if (answer.billed) this.d.events?.emit('billed', answer.billed);
    if ('failure' in answer) throw failureOf(answer.failure);
    return 'taskIds' in answer ? answer.taskIds : [];
  }

  /**
   * At a start, a job recorded as being sent: `unsent` when its row was still `ready` (taken back
   * here in one statement, so no sender will POST it); `answered` with what the gateway said;
   * `posting` while a living sender (its pid there and its beat fresh) waits on the gateway;
   * otherwise `unknown` (the POST may have left; docs/robust-host.md).
   */
  recover(jobId: string, now = Date.now()): Recovered {
    if (this.rows.dropIfReady(jobId)) return { kind: 'unsent' };
    const row = this.rows.row(jobId);
    if (row?.state === 'answered' && row.answer) return { kind: 'answered', answer: JSON.parse(row.answer) as SendAnswer };
    if (row?.state === 'posting' && row.pid && pidAlive(row.pid) && now - (row.beat ?? 0) < BEAT_STALE_MS) return { kind: 'posting' };
    return { kind: 'unknown' };
  }

  /** Rows of jobs no longer being sent (their outcome recorded before the row went): cleared at a start. */
  sweep(sending: Set<string>): void {
    // A narration's row is its storyboard's to settle (host/storyboard/narration-speech.ts).
    for (const row of this.rows.all()) if (!sending.has(row.job_id) && !row.job_id.startsWith(SPEECH_ROW)) this.done(row.job_id);
  }

  /** Waits on a job a living sender of an earlier session is posting: its answer, or undefined once that sender is gone. */
  watch(jobId: string): Promise<SendAnswer | undefined> {
    return new Promise((resolve) => {
      const look = () => {
        const r = this.recover(jobId);
        if (r.kind === 'posting') setTimeout(look, WATCH_MS).unref();
        else resolve(r.kind === 'answered' ? r.answer : undefined);
      };
      look();
    });
  }

  /** The host closes: its sender finishes what it holds, then leaves (sender-main.ts). */
  close(): void {
    const child = this.child;
    this.child = undefined;
    void child?.ready.then((channel) => channel?.end());
    this.listener?.close();
    this.listener = undefined;
  }

  /** Hands a request to the sender once it listens: its answer, or `skipped` when it never claimed the row. */
  private handTo(child: SenderRun, jobId: string, request: HostRequest): Promise<SendAnswer | 'skipped'> {
    const answered = new Promise<SendAnswer | 'skipped'>((resolve) => this.pending.set(jobId, { resolve }));
    // Sent once the sender listens; one that never came to listen leaves the row `ready`, taken back.
    void child.ready.then((channel) => {
      if (!this.pending.has(jobId)) return;
      if (!channel) return this.settleFromRow(jobId);
      channel.send(request, (err) => {
        if (err) this.settleFromRow(jobId);
      });
    });
    return answered;
  }

  private inProcess(jobId: string, client: GatewayClient, prepared: PreparedJob, links?: BilledLinks, heard?: Heard): Promise<unknown[]> {
    // Taken back before the POST: a kill from here leaves no row, so the next start calls its fate unknown.
    this.rows.dropIfReady(jobId);
    return postJob(client, prepared, jobBilling(jobId, links, heard));
  }

  private process(): SenderRun | undefined {
    if (this.child && !this.child.gone) return this.child;
    if (this.broken) return undefined;
    const entry = (this.d.entry ?? senderEntry)();
    if (!entry) return this.give_up('no sender entry in this layout');
    const listener = (this.listener ??= new SenderListener());
    const child = { gone: false } as SenderRun;
    try {
      listener.open();
      child.ready = this.start(child, entry, listener);
    } catch (err) {
      return this.give_up(`no socket for the sender (${(err as Error).message})`);
    }
    this.child = child;
    return child;
  }

  /** Starts the sender process and resolves with its channel once it listens; undefined when it never does. */
  private start(child: SenderRun, entry: SenderCommand, listener: SenderListener): Promise<Channel | undefined> {
    const expected = listener.expect();
    let proc: ChildProcess;
    try {
      // Detached, in its own process group: a kill of the host (or of its group) leaves it be.
      // The key is never in its argv or environment; it comes with each request (protocol.ts).
      proc = spawn(entry.command, [...entry.args, `${SENDER_FLAG}=${listener.path}`], {
        env: { ...(entry.env ?? process.env), [NONCE_ENV]: expected.nonce }, detached: true, stdio: 'ignore',
      });
    } catch (err) {
      expected.cancel();
      child.gone = true;
      return Promise.resolve(this.give_up((err as Error).message));
    }
    child.proc = proc;
    // The host may close while its sender finishes: the sender never holds the host open.
    proc.unref();
    let listening = false;
    const left = () => {
      if (child.gone) return;
      child.gone = true;
      if (this.child === child) this.child = undefined;
      // What it held and never answered: the rows say what became of it.
      for (const id of [...this.pending.keys()]) this.settleFromRow(id);
    };
    proc.on('error', (err) => this.d.log(`sender: ${err.message}`));
    return new Promise((resolve) => {
      const boot = setTimeout(() => {
        expected.cancel();
        proc.kill();
        resolve(this.give_up(`the sender did not connect within ${BOOT_MS / 1000} s`));
      }, BOOT_MS).unref();
      proc.once('exit', (code) => {
        clearTimeout(boot);
        expected.cancel();
        // One that could not even start (no tsx, a broken bundle) would not start the next time either.
        if (!listening) resolve(this.give_up(`the sender process ended as it started (${code ?? 'signal'})`));
        left();
      });
      void expected.connected.then((socket) => {
        const channel: Channel = new LineChannel<SenderReply, HostRequest>(socket, (m) => {
          if (m?.type !== 'listening') return this.heard(m);
          listening = true;
          clearTimeout(boot);
          resolve(channel);
        });
        channel.unref();
        channel.onClose(left);
      });
    });
  }

  private give_up(why: string): undefined {
    this.broken = true;
    this.d.log(`sender: jobs are sent in-process (${why})`);
    return undefined;
  }

  private heard(m: Exclude<SenderReply, { type: 'listening' }>): void {
    if (m.type === 'log') return this.d.log(m.line);
    const p = this.pending.get(m.jobId);
    if (!p) return;
    this.pending.delete(m.jobId);
    p.resolve(m.type === SKIPPED ? SKIPPED : m.answer);
  }

  /** A request whose sender left without answering: its row says whether it was sent. */
  private settleFromRow(jobId: string): void {
    const p = this.pending.get(jobId);
    if (!p) return;
    this.pending.delete(jobId);
    const r = this.recover(jobId);
    if (r.kind === 'unsent') return p.resolve(SKIPPED);
    if (r.kind === 'answered') return p.resolve(r.answer);
    const lost = new GatewayFailure('internal', msg('jobs.task.senderLost'), false, undefined, undefined, undefined, true);
    p.resolve({ failure: { code: lost.code, text: lost.text, retryable: false, maybeReceived: true } });
  }
}
