/** Test harness: a real sandbox over real HTTP, and small helpers to call it like a client. */
import { afterAll, beforeAll } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { startSandbox, type Sandbox, type SandboxOptions } from '../server.js';
import type { Clock } from '../core/clock.js';

export const KEY = 'sk-sandbox';
export const BROKE = 'sk-sandbox-broke';

/** Starts one sandbox for the file's tests (fast clock, unpaced streams unless asked). */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 1000, streamPaceMs: 0, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => sandbox;
}

/**
 * A simulated clock that moves only when the test moves it (`startSandbox({ clock })`), so a
 * task's phases and a link's lifetime are checked at exact times, not raced against real time.
 */
export function manualClock(start = Date.UTC(2025, 0, 1)) {
  let now = start;
  const clock: Clock = { speed: 1, now: () => now, realMs: (ms) => ms };
  return {
    clock,
    now: () => now,
    advance(ms: number) { now += ms; },
    set(ms: number) { now = ms; },
  };
}

export interface CallInit {
  key?: string | null;
  headers?: Record<string, string>;
  method?: string;
  body?: unknown;
}

export async function call(base: string, path: string, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? KEY : init.key;
  if (key) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  return fetch(`${base}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
}

/** Calls and unwraps the spec's envelope, failing loudly on anything else. */
export async function data<T = any>(base: string, path: string, init: CallInit = {}): Promise<T> {
  const res = await call(base, path, init);
  const json = (await res.json()) as { code: number; data: T };
  if (res.status !== 200 || json.code !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

export async function errorOf(res: Response): Promise<{ status: number; code: number; type: string; message: string; param?: string }> {
  const body = (await res.json()) as { error: { code: number; type: string; message: string; param?: string } };
  return { status: res.status, ...body.error };
}

export async function admin(base: string, path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${base}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`admin ${path} → ${res.status} ${await res.text()}`);
}

/** Reads an SSE body with a real parser; `done` tells whether `[DONE]` arrived. */
export async function readSse(res: Response): Promise<{ events: any[]; done: boolean }> {
  const events: any[] = [];
  let done = false;
  const parser = createParser({
    onEvent(e: EventSourceMessage) {
      if (e.data === '[DONE]') done = true;
      else events.push(JSON.parse(e.data));
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    parser.feed(value);
  }
  return { events, done };
}

/** Polls a task until the spec's terminal states (§3), like a client would. */
export async function pollUntilDone(base: string, path: string, key = KEY, timeoutMs = 60_000): Promise<{ final: any; seen: string[] }> {
  const seen: string[] = [];
  const start = Date.now();
  for (;;) {
    const d = await data(base, path, { key });
    const status = d.status ?? d.task_status;
    if (seen.at(-1) !== status) seen.push(status);
    if (['completed', 'failed', 'SUCCEEDED', 'FAILED'].includes(status)) return { final: d, seen };
    if (Date.now() - start > timeoutMs) throw new Error(`task still ${status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** The sandbox's own view of its media workers and open fault bodies (`GET /_sandbox/stats`). */
export async function stats(base: string): Promise<{
  media: { workers: number; queued: number; running: { job: number; kind: string; ms: number }[]; started: number; finished: number; failed: number; timed_out: number; crashed: number };
  open_fault_bodies: number;
}> {
  return (await fetch(`${base}/_sandbox/stats`)).json();
}

/** Polls `check` (a few ms apart, like a client) until it holds; fails after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
