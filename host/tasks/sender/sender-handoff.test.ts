/**
 * A studio SIGKILLed in the middle of a job's send (docs/robust-host.md, "A send that outlives its
 * host"), against the real sandbox: the studio is a child process (host/queue/test/queue-child.ts,
 * one queued job), its POST made by the sender process it started. Killed while the gateway holds
 * the request, the sender records the answer and the next start follows and saves the job; killed
 * before any sender claimed the job, the next start sends it. Either way it is bought once.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { Library } from '../../library/library.js';
import { storeAt } from '../test/store-at.js';
import { pidAlive } from './handoff-table.js';
import { onLines } from '../../queue/test/child-lines.js';

const CHILD = join(import.meta.dirname, '..', '..', 'queue', 'test', 'queue-child.ts');
const IDLE_SENDER = join(import.meta.dirname, 'test', 'idle-sender.ts');
const KEY = 'sk-sandbox';
const PROMPT = 'queued job 0';

const base = mkdtempSync(join(tmpdir(), 'studio-sender-'));
const live = new Set<ChildProcess>();
const senders = new Set<number>();
let sandbox: Sandbox;
let dataDir: string;
let runs = 0;

afterEach(async () => {
  for (const c of live) c.kill('SIGKILL');
  for (const pid of senders) if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
  await sandbox?.close();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A studio on `dataDir` with one queued job; `stop(line)` true SIGKILLs it there. */
function studio(o: { stop?: (line: string) => boolean; env?: NodeJS.ProcessEnv } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sandbox.url, '1', 'finish'], {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...o.env },
  });
  live.add(child);
  const lines: string[] = [];
  onLines(child.stdout!, (line) => {
    lines.push(line);
    if (line.startsWith('sender ')) senders.add(Number(line.slice(7)));
    if (o.stop?.(line) && !child.killed) child.kill('SIGKILL');
  });
  const closed = new Promise<string[]>((resolve) => child.once('close', () => {
    live.delete(child);
    resolve(lines);
  }));
  return { child, lines, closed };
}

/** A sandbox admin route: a GET, or a POST of `body`. */
const admin = async (path: string, body?: unknown) =>
  (await fetch(`${sandbox.url}/_sandbox/${path}`, body === undefined ? undefined : { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;

/** The job's record and its hand-off row, as the database file holds them. */
function onDisk(): { job?: string; handoff?: string } {
  const db = new Database(join(dataDir, 'studio.db'), { readonly: true });
  try {
    const job = db.prepare('SELECT state FROM tasks_jobs').pluck().get() as string | undefined;
    const handoff = db.prepare('SELECT state FROM tasks_sends').pluck().get() as string | undefined;
    return { job, handoff };
  } finally {
    db.close();
  }
}

/** The job once the studio settled: its state, how often the sandbox was asked for it, how many items it saved. */
async function outcome() {
  const job = storeAt(join(dataDir, 'jobs.json')).all().find((j) => j.prompt === PROMPT);
  const bought = ((await admin('submissions')) as { prompts: Record<string, number> }).prompts[PROMPT];
  const library = new Library({ root: join(dataDir, 'library'), db: join(dataDir, 'studio.db') });
  await library.open();
  const saved = library.list({ limit: 100 }).items.filter((i) => i.prompt === PROMPT).length;
  await library.close();
  return { state: job?.state, bought, saved };
}

describe('a job whose studio is killed while it is being sent', () => {
  it('is followed and saved by the next start when the sender outlived the studio, bought once', async () => {
    sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
    dataDir = join(base, `data-${runs++}`);
    await admin('faults/hold', { match: '/v1/images/generations' });
    const first = studio();
    // The gateway has the POST and has not answered: the studio is killed now.
    await expect.poll(async () => (await admin('faults/held')).held, { timeout: 60_000 }).toBe(1);
    const sender = [...senders][0];
    expect(sender, 'the job was sent by a sender process').toBeGreaterThan(0);
    // The key came over the socket (channel.ts): neither the sender's argv nor its environment holds it.
    expect(readFileSync(`/proc/${sender}/cmdline`, 'utf8')).not.toContain(KEY);
    expect(readFileSync(`/proc/${sender}/environ`, 'utf8')).not.toContain(KEY);
    first.child.kill('SIGKILL');
    await first.closed;
    expect(pidAlive(sender), 'the sender outlives its killed studio').toBe(true);
    expect(onDisk()).toEqual({ job: 'submitting', handoff: 'posting' });

    expect(await admin('faults/release', {})).toMatchObject({ released: 1 });
    // It writes the gateway's answer, then leaves: its host is gone and it holds nothing more.
    await expect.poll(() => pidAlive(sender), { timeout: 30_000 }).toBe(false);
    expect(onDisk()).toEqual({ job: 'submitting', handoff: 'answered' });

    const next = await studio().closed;
    expect(next).toContain('settled');
    expect(await outcome()).toEqual({ state: 'saved', bought: 1, saved: 1 });
    expect(onDisk().handoff, 'the hand-off row goes once the job is followed').toBeUndefined();
  }, 120_000);

  it('goes back to waiting and is sent once when no sender claimed it before the kill', async () => {
    sandbox = await startSandbox({ speed: 20, streamPaceMs: 0 });
    dataDir = join(base, `data-${runs++}`);
    // A stand-in sender that never claims its job: the kill lands between the hand-off and the claim.
    const first = studio({ stop: (line) => line === 'change submitting', env: { STUDIO_TEST_SENDER: IDLE_SENDER } });
    const lines = await first.closed;
    expect(lines).not.toContain('settled');
    expect(onDisk()).toEqual({ job: 'submitting', handoff: 'ready' });

    const next = await studio().closed;
    expect(next).toContain('settled');
    expect(await outcome()).toEqual({ state: 'saved', bought: 1, saved: 1 });
  }, 120_000);
});
