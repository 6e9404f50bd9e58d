import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result, StudioHost } from '@shared/contract/index.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { signIn, type SignedIn } from './test/sign-in.js';

const received: { method: string; input: any }[] = [];
const host: StudioHost = {
  async dispatch(method, input): Promise<Result<unknown>> {
    received.push({ method, input });
    return { ok: true, value: { id: 'a1' } };
  },
  subscribe: () => () => undefined,
};

let dir: string;
let server: BrowserShellServer;
let session: SignedIn;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shell-upload-'));
  mkdirSync(join(dir, 'r'));
  writeFileSync(join(dir, 'r', 'index.html'), '<!doctype html>');
  server = await createBrowserShellServer({ host, rendererDir: join(dir, 'r') });
  session = await signIn(server.url);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (body: Uint8Array, headers: Record<string, string>) =>
  fetch(`${server.origin}/api/upload`, { method: 'POST', body, headers: { ...session.headers, ...headers } });

describe('the browser shell upload route (attachments.add as raw bytes)', () => {
  it('hands the exact bytes and the file name to the host', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
    const res = await upload(bytes, { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent('été ref.png') });
    expect(await res.json()).toEqual({ ok: true, value: { id: 'a1' } });
    const last = received.at(-1)!;
    expect(last.method).toBe('attachments.add');
    expect(last.input.name).toBe('été ref.png');
    expect([...last.input.data]).toEqual([...bytes]);
  });

  it('refuses a form or text body (which a foreign page could send without a preflight)', async () => {
    const before = received.length;
    expect((await upload(new Uint8Array([1]), { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await upload(new Uint8Array([1]), { 'Content-Type': 'multipart/form-data; boundary=x' })).status).toBe(415);
    expect(received.length).toBe(before);
  });

  it('answers a file over the limit with 413 and its message, not a dropped connection, and the next upload works', async () => {
    const before = received.length;
    const res = await upload(new Uint8Array(21 * 1024 * 1024), { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'huge.png' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: { message: 'That file is larger than 20 MB.' } });
    expect(received.length).toBe(before);
    const next = await upload(new Uint8Array([1, 2, 3]), { 'Content-Type': 'application/octet-stream' });
    expect(await next.json()).toEqual({ ok: true, value: { id: 'a1' } });
  });

  it('hands a file brought into the library to library.importFile, with its own, larger limit', async () => {
    const bytes = new Uint8Array(21 * 1024 * 1024);
    const res = await upload(bytes, { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'clip.mp4', 'X-Studio-Call': 'library.importFile' });
    expect(res.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'library.importFile', input: { name: 'clip.mp4' } });
    expect(received.at(-1)!.input.data.byteLength).toBe(bytes.byteLength);
    const over = await upload(new Uint8Array(65 * 1024 * 1024), { 'Content-Type': 'application/octet-stream', 'X-Studio-Call': 'library.importFile' });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ ok: false, error: { message: 'That file is larger than 64 MB.' } });
  });

  it('hands a chat document to chat.addDocument as raw bytes, with the attachments\' limit', async () => {
    const bytes = new TextEncoder().encode('# Notes');
    const res = await upload(bytes, { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent('notes 1.md'), 'X-Studio-Call': 'chat.addDocument' });
    expect(res.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'chat.addDocument', input: { name: 'notes 1.md' } });
    expect(new TextDecoder().decode(received.at(-1)!.input.data)).toBe('# Notes');
    const over = await upload(new Uint8Array(21 * 1024 * 1024), { 'Content-Type': 'application/octet-stream', 'X-Studio-Call': 'chat.addDocument' });
    expect(over.status).toBe(413);
  });

  it('hands a conversation export to chat.importJson with the import limit; another call name is an attachment still', async () => {
    const json = new TextEncoder().encode('{"format":"gateway-studio.conversation"}');
    const res = await upload(json, { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'Trip.json', 'X-Studio-Call': 'chat.importJson' });
    expect(res.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'chat.importJson', input: { name: 'Trip.json' } });
    expect([...received.at(-1)!.input.data]).toEqual([...json]);
    await upload(new Uint8Array([1]), { 'Content-Type': 'application/octet-stream', 'X-Studio-Call': 'chat.remove' });
    expect(received.at(-1)!.method).toBe('attachments.add');
  });

  it('answers an oversized upload sent without a length (chunked) with 413 too', async () => {
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 22; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${server.origin}/api/upload`, {
      method: 'POST', body: big, duplex: 'half',
      headers: { ...session.headers, 'Content-Type': 'application/octet-stream' },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: { message: 'That file is larger than 20 MB.' } });
  });

  it('refuses a foreign origin and a missing cookie', async () => {
    expect((await upload(new Uint8Array([1]), { 'Content-Type': 'application/octet-stream', Origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const res = await fetch(`${server.origin}/api/upload`, { method: 'POST', body: new Uint8Array([1]), headers: { 'Content-Type': 'application/octet-stream' } });
    expect(res.status).toBe(403);
  });
});
