/**
 * Checks tool schemas and a function call's arguments in a worker thread with a hard time limit
 * (docs/robust-host.md, "Tool schemas"; docs/house-rules.md, "Untrusted input has bounds"): compiling a schema takes time in
 * proportion to its size, and a schema is untrusted. On the loop only bounded work happens: the
 * size caps (schema-limits.ts) before anything is sent. One worker, one job at a time; a job past
 * the limit ends as that job's problem, its worker is terminated and the next job gets a new one.
 * The worker starts on first use, is unref'd, and stops when idle.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { msg, type Message } from '@shared/messages/index.js';
import { argumentsTooLarge, CHECK_LIMITS, preparedSchema } from './schema-limits.js';
import type { SchemaJob, SchemaWorkerMessage } from './schema-jobs.js';

/** How to start the worker in this layout: the bundle's .js beside us, else the .ts sources. */
function workerEntry(): { script: string; evalCode: boolean } {
  const here = dirname(fileURLToPath(import.meta.url));
  // electron-vite emits the worker as its own entry beside out/main/index.js (electron.vite.config.ts);
  // this module may sit in that file or in a shared chunk one folder below it.
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'schema-worker.js');
    if (existsSync(built)) return { script: built, evalCode: false };
  }
  // Sources (tsx, Vitest): Node ignores `--import tsx` in a Worker's execArgv, so a bootstrap
  // registers tsx's hooks inside the worker first (as sandbox/media/media-pool.ts does). The
  // specifier is a variable so the packaging check does not take tsx for a file the app loads.
  const tsxApi = 'tsx/esm/api';
  const api = import.meta.resolve(tsxApi);
  const source = pathToFileURL(join(here, 'schema-worker.ts')).href;
  return { script: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, evalCode: true };
}

/** Loading the sources through tsx on a busy machine takes seconds; the bundle, far less. */
const START_LIMIT_MS = 60_000;
const IDLE_MS = 30_000;

type Pending = { job: SchemaJob; resolve(problems: Message[]): void; timer?: NodeJS.Timeout };

export class SchemaChecker {
  private worker?: Worker;
  private ready = false;
  private running?: Pending;
  private readonly queue: Pending[] = [];
  private seq = 0;
  private idle?: NodeJS.Timeout;
  private startTimer?: NodeJS.Timeout;
  private entry?: ReturnType<typeof workerEntry>;

  constructor(private readonly timeLimitMs: number = CHECK_LIMITS.checkMs) {}

  /** Why the schema cannot be used to check arguments, or undefined when it can. */
  async verdict(schema: unknown): Promise<Message | undefined> {
    const s = preparedSchema(schema);
    if ('problem' in s) return s.problem;
    return (await this.run({ id: ++this.seq, kind: 'verdict', schemaText: s.text }))[0];
  }

  /** What is wrong with `args` (a call's JSON text) for the schema; [] when they fit. */
  async check(schema: unknown, args: string): Promise<Message[]> {
    const tooLarge = argumentsTooLarge(args);
    if (tooLarge) return [tooLarge];
    const s = preparedSchema(schema);
    if ('problem' in s) return [msg('chat.tools.schemaUnusable', { problem: s.problem })];
    return this.run({ id: ++this.seq, kind: 'check', schemaText: s.text, args });
  }

  /** Stops the worker; what waits is answered as not checked. */
  close(): void {
    const stopped = msg('chat.tools.schemaUnusable', { problem: msg('chat.tools.checkStopped') });
    this.retire(stopped);
    for (const p of this.queue.splice(0)) p.resolve([stopped]);
  }

  private run(job: SchemaJob): Promise<Message[]> {
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || !this.queue.length) return;
    clearTimeout(this.idle);
    const p = (this.running = this.queue.shift()!);
    try {
      if (!this.worker) this.spawn();
    } catch (err) {
      this.running = undefined;
      p.resolve([msg('chat.tools.schemaUnusable', { problem: msg('chat.tools.schemaInvalid', { problem: `the checker could not start: ${(err as Error).message}` }) })]);
      this.pump();
      return;
    }
    this.worker!.postMessage(p.job);
    if (this.ready) this.startClock(p);
  }

  private spawn(): void {
    this.entry ??= workerEntry();
    // execArgv: [] so the host's flags are not inherited; the heap limit makes a runaway compile
    // that worker's out-of-memory error, not the host's.
    const worker = new Worker(this.entry.script, { eval: this.entry.evalCode, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    this.worker = worker;
    this.ready = false;
    this.startTimer = setTimeout(() => this.fail(worker, msg('chat.tools.schemaInvalid', { problem: 'the checker did not start' })), START_LIMIT_MS);
    worker.on('message', (m: SchemaWorkerMessage) => {
      if (worker !== this.worker) return;
      if ('ready' in m) {
        this.ready = true;
        clearTimeout(this.startTimer);
        if (this.running) this.startClock(this.running);
        return;
      }
      const p = this.running;
      if (!p || p.job.id !== m.id) return;
      clearTimeout(p.timer);
      this.running = undefined;
      p.resolve(m.problems);
      this.idle = setTimeout(() => this.retire(), IDLE_MS).unref();
      this.pump();
    });
    const died = (why: string) => this.fail(worker, msg('chat.tools.schemaInvalid', { problem: `the checker stopped (${why})` }));
    worker.on('error', (err) => died(err.message));
    worker.on('exit', (code) => died(`exit code ${code}`));
  }

  private startClock(p: Pending): void {
    p.timer = setTimeout(() => this.fail(this.worker!, msg('chat.tools.checkTimeout', { seconds: Math.round(this.timeLimitMs / 100) / 10 })), this.timeLimitMs);
  }

  /** The running job ends with `reason`; its worker is replaced by the next job. */
  private fail(worker: Worker, reason: Message): void {
    if (worker !== this.worker) return;
    const p = this.running;
    this.running = undefined;
    this.retire();
    p?.resolve([p.job.kind === 'verdict' ? reason : msg('chat.tools.schemaUnusable', { problem: reason })]);
    this.pump();
  }

  private retire(reason?: Message): void {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    clearTimeout(this.startTimer);
    clearTimeout(this.idle);
    if (this.running && reason) {
      clearTimeout(this.running.timer);
      this.running.resolve([reason]);
      this.running = undefined;
    }
    void worker?.terminate();
  }
}

/** The host's one checker: the conversations' functions and the MCP servers' tools share it. */
let shared: SchemaChecker | undefined;
export const schemaChecker = (): SchemaChecker => (shared ??= new SchemaChecker());
