/**
 * The browser shell's download links, attacked over real HTTP: a link works once, for the
 * signed-in page only (its cookie and media secret), not from another site (a page on another
 * local port is same-site and is sent the cookie), not with a foreign Origin or Host, and not
 * after it expired (a fake clock). A temporary file goes once sent or expired.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioHost } from '@shared/contract/index.js';
import { DownloadLinks, LINK_TTL_MS } from './downloads.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn, type SignedIn } from './test/sign-in.js';

const host: StudioHost = { dispatch: async () => ({ ok: true, value: {} }), subscribe: () => () => undefined };

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let dir: string;
let clock: number;
let links: DownloadLinks;
let shell: BrowserShellServer;
let page: SignedIn;
let file: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shell-downloads-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gateway Studio</title>');
  file = join(dir, 'export.zip');
  writeFileSync(file, 'PK zip bytes');
  clock = 1_000_000;
  links = new DownloadLinks({ now: () => clock });
  shell = await createBrowserShellServer({ host, rendererDir: dir, port: 0, downloads: links });
  page = await signIn(shell.newLink());
});
afterEach(async () => {
  await shell.close();
  links.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the page's own link click sends: its cookie, its media secret, and a same-origin fetch. */
const asPage = (path: string, headers: Record<string, string> = {}) =>
  get(shell.port, `${path}?m=${page.media}`, { Cookie: page.cookie, 'Sec-Fetch-Site': 'same-origin', ...headers });

describe('a download link', () => {
  it('sends the file as an attachment under a safe name, once', async () => {
    const url = links.offer({ path: file, name: '狐狸 "in" snow.zip', type: 'application/zip', temporary: false });
    const first = await asPage(url);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe('PK zip bytes');
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="?? \\"in\\" snow.zip"; filename*=UTF-8''%E7%8B%90%E7%8B%B8%20%22in%22%20snow.zip`);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await asPage(url);
    expect(again.status).toBe(410);
    expect(again.body.toString()).toMatch(/used or has expired/);
    expect(existsSync(file)).toBe(true); // a library file is never removed
  });

  it('names the file without bidi, zero-width or control characters, however it was offered', async () => {
    // "狐<U+202E>piz.exe" would be shown by the browser's download bar as "狐exe.zip".
    const url = links.offer({ path: file, name: '狐\u202epiz.exe\u200b\u2066\ufeff\x9b\x1b[2J.zip', type: 'application/zip', temporary: false });
    const header = String((await asPage(url)).headers['content-disposition']);
    expect(header).toBe(`attachment; filename="?piz.exe [2J.zip"; filename*=UTF-8''%E7%8B%90piz.exe%20%5B2J.zip`);
  });

  it('removes a temporary file once it was sent', async () => {
    const url = links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: true });
    expect((await asPage(url)).status).toBe(200);
    await expect.poll(() => existsSync(file)).toBe(false);
  });

  it('does not work after it expired, and its temporary file goes', async () => {
    const url = links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: true });
    clock += LINK_TTL_MS;
    expect((await asPage(url)).status).toBe(410);
    await expect.poll(() => existsSync(file)).toBe(false);
  });

  it('still works just before it expires', async () => {
    const url = links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: false });
    clock += LINK_TTL_MS - 1;
    expect((await asPage(url)).status).toBe(200);
  });

  it('is refused to another site, another origin or host, and to a request without the session, without spending it', async () => {
    const url = links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: false });
    const attempts: Array<[string, Promise<Reply>]> = [
      ['a page on another local port (same-site, cookie sent)', asPage(url, { 'Sec-Fetch-Site': 'same-site' })],
      ['another site', asPage(url, { 'Sec-Fetch-Site': 'cross-site' })],
      ['a foreign Origin', asPage(url, { Origin: 'http://127.0.0.1:1' })],
      ['DNS rebinding (a foreign Host)', get(shell.port, `${url}?m=${page.media}`, { Cookie: page.cookie, Host: `evil.example:${shell.port}` })],
      ['no cookie', get(shell.port, `${url}?m=${page.media}`, { 'Sec-Fetch-Site': 'same-origin' })],
      ['no media secret', get(shell.port, url, { Cookie: page.cookie, 'Sec-Fetch-Site': 'same-origin' })],
      ['the call secret instead of the media secret', get(shell.port, `${url}?m=${page.api}`, { Cookie: page.cookie })],
      ['a POST', get(shell.port, `${url}?m=${page.media}`, { Cookie: page.cookie, Origin: page.origin }, 'POST')],
    ];
    for (const [what, attempt] of attempts) expect([403, 405], what).toContain((await attempt).status);
    // None of them spent it: the page's own request still gets the file.
    expect((await asPage(url)).status).toBe(200);
  });

  it('a guessed or malformed token finds nothing', async () => {
    links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: false });
    for (const path of ['/download/', '/download/AAAA', '/download/..%2f..%2fetc%2fpasswd', `/download/${'A'.repeat(43)}`]) {
      expect((await asPage(path)).status, path).toBe(410);
    }
  });

  it('says so when the file is gone by the time the link is followed', async () => {
    const url = links.offer({ path: join(dir, 'deleted.zip'), name: 'export.zip', type: 'application/zip', temporary: true });
    const reply = await asPage(url);
    expect(reply.status).toBe(410);
    expect(reply.body.toString()).toMatch(/no longer there/);
  });

  it('dies with the shell: closing removes every temporary file', async () => {
    links.offer({ path: file, name: 'export.zip', type: 'application/zip', temporary: true });
    links.close();
    await expect.poll(() => existsSync(file)).toBe(false);
  });
});
