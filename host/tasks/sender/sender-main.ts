/**
 * The sender process (docs/robust-host.md, "A send that outlives its host"): it makes the POSTs
 * that buy jobs, so that a host killed mid-send loses no answer. For each request it claims the
 * job's hand-off row (handoff-table.ts) in one statement, POSTs through the same GatewayClient as
 * the host (answer limits, redirects, key masking, timeouts), writes the answer into the row and
 * then tells the host. It keeps running while its POSTs are under way, whether or not its host
 * is; it leaves once its host is gone and nothing is in flight, or after an idle spell.
 *
 * It talks to its host over the socket named in its argv (channel.ts), so the same module runs
 * under Node, tsx, Electron as Node, and a packaged app's main process in sender mode
 * (electron/main.ts).
 */
import Database from 'better-sqlite3';
import type { Db } from '../../db/migrations.js';
import { EventBus, type HostEvents } from '../../events.js';
import { GatewayClient } from '../../gateway/client.js';
import { postJob, asFailure, jobBilling } from '../job-submit.js';
import { BEAT_EVERY_MS, SenderRows } from './handoff-table.js';
import { failureData, fromWire, type HostRequest, type SendAnswer, type SenderReply } from './protocol.js';
import { postSpeech } from './speech-post.js';
import { connectToHost, LineChannel, NONCE_ENV, senderSocketArg } from './channel.js';

/** How long a sender with nothing to do waits for its host's next send before it leaves. */
const IDLE_MS = 60_000;

const connections = new Map<string, { db: Db; rows: SenderRows }>();
let inFlight = 0;
let hostGone = false;
let idle: NodeJS.Timeout | undefined;
let host: LineChannel<HostRequest, SenderReply> | undefined;

function rowsOf(file: string): SenderRows {
  let c = connections.get(file);
  if (!c) {
    const db = new Database(file) as unknown as Db;
    // The host writes the same file: wait for its write instead of failing (docs/data.md).
    db.pragma('busy_timeout = 5000');
    c = { db, rows: new SenderRows(db, process.pid) };
    connections.set(file, c);
  }
  return c.rows;
}

function tell(reply: SenderReply): void {
  if (!hostGone && host?.connected) host.send(reply);
}

function leaveIfDone(): void {
  if (inFlight > 0) return;
  if (hostGone) return leave();
  clearTimeout(idle);
  idle = setTimeout(leave, IDLE_MS);
}

function leave(): void {
  for (const c of connections.values()) c.db.close();
  process.exit(0);
}

async function send(req: HostRequest): Promise<void> {
  let rows: SenderRows;
  try {
    rows = rowsOf(req.db);
    if (!rows.claim(req.jobId, Date.now())) return tell({ type: 'skipped', jobId: req.jobId });
  } catch (err) {
    // Not claimed, so not sent: the host takes the row back and sends the job itself.
    tell({ type: 'log', line: `sender: the hand-off could not be claimed (${(err as Error).message})` });
    return tell({ type: 'skipped', jobId: req.jobId });
  }
  let billed: HostEvents['billed'] | undefined;
  const events = new EventBus();
  events.on('billed', (b) => {
    billed = b;
  });
  const client = new GatewayClient({ ...req.endpoint, events });
  let answer: SendAnswer;
  try {
    answer = req.type === 'speak'
      ? { audio: await postSpeech(client, req.jobId, req.speech) }
      : { taskIds: await postJob(client, fromWire(req.job), jobBilling(req.jobId)) };
  } catch (err) {
    answer = { failure: failureData(asFailure(err)) };
  }
  if (billed) answer.billed = billed;
  // In the row first: a host killed meanwhile finds it there at its next start.
  try {
    rows.answer(req.jobId, JSON.stringify(answer));
  } catch (err) {
    tell({ type: 'log', line: `sender: an answer could not be written: ${(err as Error).message}` });
  }
  tell({ type: 'answer', jobId: req.jobId, answer });
}

const beat = setInterval(() => {
  for (const c of connections.values()) {
    try {
      c.rows.beat(Date.now());
    } catch {
      // A busy database: the next beat tries again.
    }
  }
}, BEAT_EVERY_MS);
beat.unref();

function heard(req: HostRequest): void {
  if (req?.type !== 'send' && req?.type !== 'speak') return;
  clearTimeout(idle);
  inFlight += 1;
  void send(req).catch((err: unknown) => tell({ type: 'log', line: `sender: ${(err as Error).message}` })).finally(() => {
    inFlight -= 1;
    leaveIfDone();
  });
}

const socket = senderSocketArg(process.argv);
// Read once and dropped: nothing this process starts inherits it.
const nonce = process.env[NONCE_ENV] ?? '';
delete process.env[NONCE_ENV];
if (!socket) {
  // Started by hand, not by a host: there is no one to send for.
  process.exit(2);
}
try {
  host = new LineChannel<HostRequest, SenderReply>(await connectToHost(socket, nonce), heard);
  // The host is gone (closed or killed): what is in flight is finished and recorded, then it leaves.
  host.onClose(() => {
    hostGone = true;
    leaveIfDone();
  });
  tell({ type: 'listening' });
} catch {
  // A host killed while this process booted is gone already: nothing was handed to it.
  hostGone = true;
}
leaveIfDone();
