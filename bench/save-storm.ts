/**
 * Save storm: can anything a gateway sends freeze the host? The studio (browser shell, embedded
 * sandbox 20 times faster) saves 100 mixed results while a chat streams: images of every model
 * (among them the 4-image seedream-4-5 storyboard), videos of both routes (among them the
 * modelf-hailuo-02 6 s 16:9 "A paper boat drifting down a rainy street" that once froze it), and
 * a corpus of broken and hostile files served in place of results (truncated, wrong magic,
 * huge dimensions, endless bodies, a gzip bomb, a stalled link). The host's own watchdog
 * (`app.health`) reports the longest stall of its event loop over the storm.
 * Budgets: longest stall ≤ 100 ms; every job ended saved, or failed / needing attention with a
 * message; nothing still pending at the end. Docs: docs/robust-host.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report, startShell, type Row } from './lib/child.js';
import { signIn } from './lib/shell-api.js';
import { englishText, type Text } from '@shared/messages/index.js';

const JOBS = 100;
const SPEED = 20;
const PAPER_BOAT = { route: 'video', request: { model: 'modelf-hailuo-02', prompt: 'A paper boat drifting down a rainy street', duration: 6, aspect_ratio: '16:9' } };
const MIX = [
  PAPER_BOAT,
  { route: 'image', request: { model: 'seedream-4-5', prompt: 'A storyboard of a lighthouse keeper', n: 4, sequential_image_generation: 'auto' } },
  { route: 'image', request: { model: 'seedream-4-0', prompt: 'A fox in the snow', resolution: '2K' } },
  { route: 'image', request: { model: 'modela-4o-image', prompt: 'A teapot, product shot', size: '1:1' } },
  { route: 'video', request: { model: 'modelg3', prompt: 'Waves at dusk', duration: 5, aspect_ratio: '9:16' } },
  { route: 'video-multipart', request: { model: 'wan2.5-t2v-preview', prompt: 'A street market', seconds: '3', size: '1280*720' } },
];
/** Broken and hostile files the sandbox serves in place of the next results (its download faults). */
const HOSTILE = [
  { mode: 'replace', kind: 'truncated', count: 3 },
  { mode: 'replace', kind: 'wrong-magic', count: 3 },
  { mode: 'replace', kind: 'huge-dimensions', count: 3 },
  { mode: 'endless', count: 2 },
  { mode: 'gzip-bomb', count: 2 },
  { mode: 'stall', after_bytes: 4096, count: 1 },
  { mode: 'cut', after_bytes: 65_536, count: 2 },
];

interface Task { id: string; state: string; error?: Text; model: string }
interface Health { loop: { p50Ms: number; p99Ms: number; maxMs: number; stalls: number } }

const data = mkdtempSync(join(tmpdir(), 'bench-save-storm-'));
const shell = await startShell(['--renderer', join(data, 'no-renderer'), '--data', data, '--speed', String(SPEED)]);
try {
  const api = await signIn(shell.url);
  const sandboxUrl = (await api.value<{ sandboxUrl: string }>('app.info')).sandboxUrl;
  const admin = (path: string, body: unknown) => fetch(`${sandboxUrl}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  // Small limits, so an endless body ends soon; the sandbox's real results are well under them.
  await api.value('settings.update', { mediaLimits: { imageMb: 32, videoMb: 64 } });
  for (const fault of HOSTILE) {
    const r = await admin('faults/download', fault);
    if (!r.ok) throw new Error(`the sandbox refused the fault ${JSON.stringify(fault)}: ${await r.text()}`);
  }

  const conversation = await api.value<{ id: string }>('chat.create', { title: 'While saving' });
  await api.value('app.health', { reset: true });
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) ids.push((await api.value<Task>('tasks.submit', MIX[i % MIX.length])).id);

  // A chat streams the whole time: each reply as soon as the last one ended.
  let replies = 0;
  let chatting = true;
  const chat = (async () => {
    while (chatting) {
      const r = await api.call('chat.send', { conversationId: conversation.id, text: `Tell me a long story, part ${replies + 1}.` });
      if (r.ok) replies += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const ACTIVE = new Set(['submitting', 'queued', 'running', 'completed']);
  let tasks: Task[] = [];
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    tasks = (await api.value<Task[]>('tasks.list')).filter((t) => ids.includes(t.id));
    if (!tasks.some((t) => ACTIVE.has(t.state)) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  chatting = false;
  await chat;
  const seconds = (performance.now() - started) / 1000;
  const health = await api.value<Health>('app.health');

  const byState = new Map<string, number>();
  for (const t of tasks) byState.set(t.state, (byState.get(t.state) ?? 0) + 1);
  const unexplained = tasks.filter((t) => t.state !== 'saved' && !t.error);
  const pending = tasks.filter((t) => ACTIVE.has(t.state));
  const boat = tasks.filter((t) => t.model === 'modelf-hailuo-02');
  const rows: Row[] = [
    { figure: `longest host event-loop stall while saving ${JOBS} mixed results and streaming a chat (ms; p99 ${health.loop.p99Ms.toFixed(0)}, ${health.loop.stalls} stalls ≥ 100 ms, ${seconds.toFixed(0)} s)`, value: health.loop.maxMs.toFixed(0), budget: '≤ 100', ok: health.loop.maxMs <= 100 },
    { figure: `jobs ended (${[...byState].map(([s, n]) => `${s} ${n}`).join(', ')})`, value: String(tasks.length - pending.length), budget: String(JOBS), ok: pending.length === 0 && tasks.length === JOBS },
    { figure: 'jobs not saved that carry no message', value: String(unexplained.length), budget: '0', ok: unexplained.length === 0 },
    { figure: 'modelf-hailuo-02 "paper boat" videos saved', value: `${boat.filter((t) => t.state === 'saved').length} of ${boat.length}`, budget: '—', ok: null },
    { figure: 'chat replies sent during the storm', value: String(replies), budget: '—', ok: null },
  ];
  for (const t of tasks.filter((x) => x.state !== 'saved')) console.error(`  ${t.model} ${t.state}: ${t.error ? englishText(t.error) : ''}`);
  report(rows);
} finally {
  await shell.stop();
  rmSync(data, { recursive: true, force: true });
}
