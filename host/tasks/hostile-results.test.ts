/**
 * Result links as a hostile gateway writes them (docs/gateway-rules.md, "Result links";
 * docs/library-files.md, "What is saved"): a link to another service on the creator's machine, a
 * web page served as `image/png` for a prompt that ends in `.exe`, and a 56-byte PNG whose text
 * chunk claims gigabytes. Each job ends with its reason, nothing is kept that is not what its
 * bytes are, and the local service is never asked. The embedded sandbox's own links, on
 * 127.0.0.1 too, still save.
 */
import { englishText } from '@shared/messages/index.js';
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngBytes } from '../library/test/fixtures.js';
import { claimingPng } from '../library/test/crafted.js';
import type { JobRecord } from './job-record.js';
import { startJobs } from './test/job-harness.js';
import { startHostileGateway, startLocalService } from './test/hostile-gateway.js';
import { sandboxSuite } from './test/sandbox-suite.js';

const suite = sandboxSuite();

async function studio(gatewayUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-hostile-results-'));
  suite.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const jobs = await startJobs({ dataDir, gatewayUrl, indexDelayMs: 0 });
  suite.cleanups.push(jobs.close);
  const image = (prompt: string) => jobs.service.submit({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });
  const ended = (id: string) => jobs.until(id, (j) => ['saved', 'attention', 'failed', 'expired'].includes(j.state));
  /** Every file in the library folder, thumbnails and sidecars aside. */
  const kept = () => {
    const root = join(dataDir, 'library');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.json') && !e.parentPath.includes('.thumbs'))
      .map((e) => e.name);
  };
  const parts = () => readdirSync(join(dataDir, 'downloads'));
  return { ...jobs, image, ended, kept, parts };
}

async function hostile() {
  const gw = await startHostileGateway();
  suite.cleanups.push(gw.close);
  return gw;
}

const errorOf = (job: JobRecord) => (job.error ? englishText(job.error) : '');

describe('a result link to another service on this computer', () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    it(`(${host}) is never opened: the service hears nothing and the job says why`, async () => {
      const local = await startLocalService();
      suite.cleanups.push(local.close);
      const gw = await hostile();
      const port = new URL(local.url).port;
      gw.links = () => [`http://${host}:${port}/admin/secret.png`];
      const s = await studio(gw.url);
      const done = await s.ended((await s.image('a fox in snow')).id);
      expect(local.heard).toEqual([]);
      expect(done.state).toBe('attention');
      expect(errorOf(done)).toBe(`The result link points at ${host}, an address on this computer or its local network that is not your gateway, so the studio did not open it.`);
      expect(s.library.list().items).toEqual([]);
      expect(s.kept()).toEqual([]);
    });
  }

  it('is followed on the gateway\'s own origin, and refused where its redirect leads to another local port', async () => {
    const local = await startLocalService();
    suite.cleanups.push(local.close);
    const gw = await hostile();
    gw.files.set('fox.png', { body: pngBytes(8, 8), contentType: 'image/png' });
    gw.redirects.set('fox-large.png', `${local.url}/admin/secret.png`);
    gw.links = (base) => [`${base}/files/fox.png`, `${base}/go/fox-large.png`];
    const s = await studio(gw.url);
    const done = await s.ended((await s.image('a fox in snow')).id);
    expect(s.library.list().items.map((i) => i.mime)).toEqual(['image/png']);
    expect(done.downloads.map((d) => d.state)).toEqual(['done', 'failed']);
    expect(englishText(done.downloads[1].error!)).toBe('The result link points at 127.0.0.1, an address on this computer or its local network that is not your gateway, so the studio did not open it.');
    expect(local.heard).toEqual([]);
  });
});

describe('the sandbox embedded on 127.0.0.1', () => {
  it('still has its own links saved', async () => {
    const s = await studio(suite.sandbox.url);
    const done = await s.ended((await s.image('a lighthouse at dusk')).id);
    expect(done.state).toBe('saved');
    expect(s.library.list().items).toHaveLength(1);
  });
});

describe('a result whose bytes are not what the link says', () => {
  it('a web page served as image/png, for a prompt ending in .exe, is refused with a message and not kept', async () => {
    const gw = await hostile();
    gw.files.set('render.png', { body: Buffer.from('<!DOCTYPE html>\n<html><body>Sign in to continue</body></html>'), contentType: 'image/png' });
    gw.links = (base) => [`${base}/files/render.png`];
    const s = await studio(gw.url);
    const done = await s.ended((await s.image('install this.exe')).id);
    expect(done.state).toBe('attention');
    expect(errorOf(done)).toBe('The result is not a picture, video or sound file (it is a web page or other markup), so it was not saved.');
    expect(s.library.list().items).toEqual([]);
    expect(s.kept()).toEqual([]);
    // Nothing half-saved is left to be taken for a result later.
    expect(s.parts()).toEqual([]);
  });

  it('a picture served as text/html from a link ending in .exe, for a prompt ending in .html, is kept as the PNG it is', async () => {
    const gw = await hostile();
    gw.files.set('payload.exe', { body: pngBytes(12, 8), contentType: 'text/html' });
    gw.links = (base) => [`${base}/files/payload.exe`];
    const s = await studio(gw.url);
    const done = await s.ended((await s.image('a page.html')).id);
    expect(done.state).toBe('saved');
    const [item] = s.library.list().items;
    expect(item).toMatchObject({ kind: 'image', mime: 'image/png', width: 12, height: 8 });
    expect(s.kept()).toEqual([item.file.split('/').pop()]);
    expect(item.file).toMatch(/\.png$/);
    expect(item.file).not.toMatch(/\.(exe|html)/);
  });
});


describe('a 56-byte PNG whose text chunk claims 2 or 4 GB, as a job result', () => {
  it('every one ends quickly, saved as the PNG it is or refused with a message, never taking the claimed memory', async () => {
    const gw = await hostile();
    const names: string[] = [];
    for (const type of ['tEXt', 'iTXt', 'zTXt'] as const) {
      for (const claim of [0x7ffffff0, 0x80000000, 0xfffffff0]) {
        const body = claimingPng(type, claim);
        expect(body.length).toBe(56);
        names.push(`${type}-${claim}.png`);
        gw.files.set(names.at(-1)!, { body, contentType: 'image/png' });
      }
    }
    gw.links = (base) => names.map((n) => `${base}/files/${n}`);
    const s = await studio(gw.url);
    const rss = process.memoryUsage().rss;
    const done = await s.ended((await s.image('crafted.exe')).id);
    // Far below any one claim (2 GB): what a save takes is bounded by the file, not its word.
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);
    expect(done.downloads).toHaveLength(names.length);
    for (const dl of done.downloads) {
      if (dl.state === 'done') continue;
      expect(dl.state).toBe('failed');
      expect(englishText(dl.error!)).toMatch(/^The result is not a picture, video or sound file/);
    }
    // Whatever was kept is what its bytes are: a PNG, named so.
    const items = s.library.list().items;
    expect(items.length).toBe(done.downloads.filter((d) => d.state === 'done').length);
    for (const item of items) expect(item).toMatchObject({ kind: 'image', mime: 'image/png', file: expect.stringMatching(/\.png$/) });
    expect(s.kept().every((f) => f.endsWith('.png'))).toBe(true);
  });
});
