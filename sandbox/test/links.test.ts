import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../server.js';
import { admin, data, KEY, manualClock, pollUntilDone, until, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 1000 });
const url = () => sandbox().url;

async function finishedImageUrl(base: string): Promise<string> {
  const [{ task_id }] = await data(base, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'link test', resolution: '1K' } });
  const { final } = await pollUntilDone(base, `/v1/tasks/${task_id}`);
  return final.result.images[0].url;
}

describe('result links (spec §1; docs/gateway-rules.md, Result links)', () => {
  it('serve byte ranges with 206 and Content-Range, and HEAD with the length', async () => {
    const link = await finishedImageUrl(url());
    const whole = Buffer.from(await (await fetch(link)).arrayBuffer());
    const head = await fetch(link, { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(Number(head.headers.get('content-length'))).toBe(whole.length);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(link, { headers: { Range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);
    const etag = head.headers.get('etag')!;
    const stale = await fetch(link, { headers: { Range: 'bytes=0-9', 'If-Range': '"stale"' } });
    expect(stale.status).toBe(200);
    const fresh = await fetch(link, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
  });

  it('stop working after the link TTL on the simulated clock (410)', async () => {
    // A clock the test sets: the link is checked a millisecond before and at its expiry, which a
    // clock running in real time could not do reliably on a busy machine.
    const time = manualClock();
    const own = await startSandbox({ clock: time.clock, streamPaceMs: 0 });
    try {
      const [{ task_id }] = await data(own.url, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'link test', resolution: '1K' } });
      await until('the image rendered', () => own.state.tasks.list().some((t) => t.id === task_id && t.outcome.state === 'ready'));
      time.advance(3600_000); // past the job's simulated length, well within the 24 h TTL (spec §1)
      const task = await data(own.url, `/v1/tasks/${task_id}`);
      expect(task.status).toBe('completed');
      const link: string = task.result.images[0].url;
      const record = own.state.files.list().find((f) => link.includes(`/files/${f.id}/`))!;
      expect(record.expiresAt - record.createdAt).toBe(86_400_000);

      time.set(record.expiresAt - 1);
      expect((await fetch(link)).status).toBe(200);
      time.set(record.expiresAt);
      const gone = await fetch(link);
      expect(gone.status).toBe(410);
      expect((await gone.json()).error.message).toMatch(/expired/);
    } finally {
      await own.close();
    }
  });

  it('all expire at once through the admin route; unknown links are 404', async () => {
    const link = await finishedImageUrl(url());
    await admin(url(), 'links/expire');
    expect((await fetch(link)).status).toBe(410);
    expect((await fetch(`${url()}/files/0123456789abcdef/x.png`)).status).toBe(404);
  });
});

const bytesOf = async (link: string) => {
  const res = await fetch(link);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const imageLinks = async (base: string, id: string) => ((await data(base, `/v1/tasks/${id}`)).result.images as { url: string }[]).map((i) => i.url);

describe('fresh links on a task query (a client whose link died asks again: docs/gateway-rules.md, Result links)', () => {
  it('keeps live links as they are and answers dead ones with new links to the same stored bytes', async () => {
    const [{ task_id }] = await data(url(), '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'two links', resolution: '1K', n: 2 } });
    await pollUntilDone(url(), `/v1/tasks/${task_id}`);
    const original = await imageLinks(url(), task_id);
    expect(await imageLinks(url(), task_id)).toEqual(original);
    const bytes = await Promise.all(original.map(bytesOf));
    const stored = readdirSync(sandbox().state.files.dir).length;

    await admin(url(), 'links/expire');
    for (const link of original) expect((await fetch(link)).status).toBe(410);
    const fresh = await imageLinks(url(), task_id);
    for (const [i, link] of fresh.entries()) {
      expect(link).not.toBe(original[i]);
      expect(link.startsWith(`${url()}/files/`)).toBe(true);
      expect((await bytesOf(link)).equals(bytes[i])).toBe(true);
    }
    // Asking again agrees on the same fresh links, and nothing was copied on disk.
    expect(await imageLinks(url(), task_id)).toEqual(fresh);
    expect(readdirSync(sandbox().state.files.dir)).toHaveLength(stored);
  });

  it('does the same for the multipart route\'s percent-encoded video_url', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ model: 'wan2.5-t2v-preview', prompt: 'a relinked clip', seconds: '3' })) form.set(k, v);
    const sub = await (await fetch(`${url()}/v1/videos`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body: form })).json();
    const first = decodeURIComponent((await pollUntilDone(url(), `/v1/videos/${sub.data.task_id}`)).final.video_url);
    const clip = await bytesOf(first);
    await admin(url(), 'links/expire');
    const again = await data(url(), `/v1/videos/${sub.data.task_id}`);
    expect(again.video_url).toMatch(/^http%3A%2F%2F127\.0\.0\.1%3A/);
    const fresh = decodeURIComponent(again.video_url);
    expect(fresh).not.toBe(first);
    expect((await bytesOf(fresh)).equals(clip)).toBe(true);
  });
});

describe('--data-dir keeps balances, tasks and media across restarts', () => {
  it('restores everything, and an unfinished task goes on where it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
    try {
      const first = await startSandbox({ dataDir: dir, speed: 1, streamPaceMs: 0 });
      const [{ task_id: done }] = await data(first.url, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'kept', resolution: '1K' } });
      const spent = await data(first.url, '/v1/account/balance');
      const tokens = await data(first.url, '/v1/account/token-balance');
      expect((await data(first.url, `/v1/tasks/${done}`)).status).not.toBe('completed');
      await first.close();

      const second = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
      try {
        expect(await data(second.url, '/v1/account/balance')).toEqual(spent);
        expect(await data(second.url, '/v1/account/token-balance')).toEqual(tokens);
        const { final } = await pollUntilDone(second.url, `/v1/tasks/${done}`);
        expect(final.status).toBe('completed');
        const img = await fetch(final.result.images[0].url.replace(/:\d+\//, `:${second.port}/`));
        expect(img.status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('links after a restart on another port', () => {
  it('come back on the new base URL, and fresh again after they expire there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-relink-'));
    try {
      const first = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
      const [{ task_id }] = await data(first.url, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'moved', resolution: '1K' } });
      await pollUntilDone(first.url, `/v1/tasks/${task_id}`);
      const [before] = await imageLinks(first.url, task_id);
      const bytes = await bytesOf(before);
      await first.close();

      const second = await startSandbox({ dataDir: dir, speed: 1000, streamPaceMs: 0 });
      try {
        const [moved] = await imageLinks(second.url, task_id);
        expect(moved.startsWith(`${second.url}/files/`)).toBe(true);
        if (second.url !== first.url) expect(moved.split('/')[4]).not.toBe(before.split('/')[4]);
        expect((await bytesOf(moved)).equals(bytes)).toBe(true);

        await admin(second.url, 'links/expire');
        expect((await fetch(moved)).status).toBe(410);
        const [again] = await imageLinks(second.url, task_id);
        expect(again).not.toBe(moved);
        expect((await bytesOf(again)).equals(bytes)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
