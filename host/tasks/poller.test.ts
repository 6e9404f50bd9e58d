/**
 * The poller's wakeups, on a fake clock with a stand-in client whose answers the test releases:
 * which checks one wakeup starts, and what an answer starts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayFailure } from '../gateway/failure.js';
import { englishText, msg } from '@shared/messages/index.js';
import { SPEC_CADENCE } from './cadence.js';
import type { JobRecord } from './job-record.js';
import { type JobStore } from './job-store.js';
import { storeAt } from './test/store-at.js';
import { Poller } from './poller.js';

let dir: string;
beforeEach(() => {
  vi.useFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'studio-poller-'));
});
/** Each test's task lists: their last write must end before the folder is removed. */
const stores: JobStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.flush()));
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** A client whose status answers wait until the test releases them, in call order. */
function heldClient() {
  const calls: { path: string; answer(): void; fail(err: Error): void }[] = [];
  const client = {
    mask: { text: (t: string) => t },
    json: (spec: { path: string }) => new Promise((resolve, reject) => {
      const id = spec.path.split('/').pop()!;
      calls.push({ path: spec.path, answer: () => resolve({ task_id: id, status: 'processing', progress: 10, created_at: '1' }), fail: reject });
    }),
  } as unknown as GatewayClient;
  return { client, calls, polled: () => calls.map((c) => c.path.split('/').pop()) };
}

function setup(maxInFlight: number) {
  const store = storeAt(join(dir, 'jobs.json'));
  stores.push(store);
  const held = heldClient();
  const poller = new Poller({
    store, clientFor: () => held.client, cadence: SPEC_CADENCE, maxInFlight, now: Date.now, random: () => 0.5, onChange: () => undefined,
  });
  const t0 = Date.now();
  /** A video job in flight whose next check is `inMs` from the start; `checks` already made. */
  const job = (id: string, inMs: number, checks = 1) => {
    const j: JobRecord = {
      id, profileId: 'p', route: 'generic', kind: 'video', model: 'm', prompt: 'p', params: {}, state: 'running', remoteId: id,
      createdAt: t0, updatedAt: t0, deadlineAt: t0 + 3_600_000, nextCheckAt: t0 + inMs, checks, errorStreak: 0, resultUrls: [], downloads: [],
    };
    store.put(j);
  };
  return { poller, job, store, ...held };
}

/** Lets a released answer run through the client, the poller and its next pass. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('poller wakeups', () => {
  it('makes repeat checks due a moment apart at one wakeup, but never a first check early', async () => {
    const { poller, job, polled } = setup(6);
    job('a', 1_000);
    job('b', 1_150); // within 200 ms of a: goes with it
    job('c', 1_300); // too far
    job('d', 1_100, 0); // its first check: not before it is due
    poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled()).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(100);
    expect(polled()).toEqual(['a', 'b', 'd', 'c']);
    poller.stop();
  });

  it('starts a check that waited for a slot from the answer that frees one, with no timer', async () => {
    const { poller, job, calls, polled } = setup(1);
    job('a', 1_000);
    job('b', 1_000);
    poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled()).toEqual(['a']);
    calls[0].answer();
    await settle();
    expect(polled()).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0); // every slot busy: the poller waits for b's answer
    poller.stop();
  });

  it('a job cancelled while its check is on the way stays cancelled, whatever the answer: a failure says nothing on it', async () => {
    const { poller, job, calls, polled, store } = setup(6);
    job('ok', 1_000);
    job('throttled', 1_000);
    poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polled()).toEqual(['ok', 'throttled']);
    for (const id of ['ok', 'throttled']) Object.assign(store.get(id)!, { state: 'cancelled', error: msg('jobs.task.stoppedTracking') });
    calls[0].answer();
    calls[1].fail(new GatewayFailure('rate_limited', msg('jobs.task.failedNoReason'), true, 429, undefined, 600_000));
    await settle();
    for (const id of ['ok', 'throttled']) {
      expect(store.get(id)!.state).toBe('cancelled');
      expect(englishText(store.get(id)!.error!)).toBe(englishText(msg('jobs.task.stoppedTracking')));
    }
    // Neither is checked again.
    await vi.advanceTimersByTimeAsync(700_000);
    expect(polled()).toEqual(['ok', 'throttled']);
    poller.stop();
  });

  it('skips a queued check whose job was cancelled meanwhile, and keeps its cadence', async () => {
    const { poller, job, calls, polled, store } = setup(1);
    job('a', 1_000);
    job('b', 1_000);
    job('c', 1_000);
    poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    store.get('b')!.state = 'cancelled';
    calls[0].answer();
    await settle();
    expect(polled()).toEqual(['a', 'c']);
    calls[1].answer();
    await settle();
    // The spec's slow end for videos: each job's next check within 10 s of its answer.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polled()).toEqual(['a', 'c', 'a']);
    calls[2].answer();
    await settle();
    expect(polled()).toEqual(['a', 'c', 'a', 'c']);
    poller.stop();
  });
});
