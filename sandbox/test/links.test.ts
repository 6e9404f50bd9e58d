import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../server.js';
import { admin, data, pollUntilDone, useSandbox } from './harness.js';

const sandbox = useSandbox({ speed: 1000, linkTtlSeconds: 3000 });
const url = () => sandbox().url;

async function finishedImageUrl(base: string): Promise<string> {
  const [{ task_id }] = await data(base, '/v1/images/generations', { body: { model: 'seedream-4-0', prompt: 'link test', resolution: '1K' } });
  const { final } = await pollUntilDone(base, `/v1/tasks/${task_id}`);
  return final.result.images[0].url;
}

describe('result links (spec §1, DESIGN §4)', () => {
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
    const link = await finishedImageUrl(url());
    expect((await fetch(link)).status).toBe(200);
    // 3000 simulated seconds at speed 1000 is 3 real seconds.
    await new Promise((r) => setTimeout(r, 3_100));
    const gone = await fetch(link);
    expect(gone.status).toBe(410);
    expect((await gone.json()).error.message).toMatch(/expired/);
  });

  it('all expire at once through the admin route; unknown links are 404', async () => {
    const link = await finishedImageUrl(url());
    await admin(url(), 'links/expire');
    expect((await fetch(link)).status).toBe(410);
    expect((await fetch(`${url()}/files/0123456789abcdef/x.png`)).status).toBe(404);
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
