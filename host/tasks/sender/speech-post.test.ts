/**
 * A speech call as the sender process makes it (speech-post.ts; docs/robust-host.md, "Speech
 * through the sender"): the answer lands whole under its final name, so a start after a kill
 * that finds the file finds all of it; an answer broken off midway leaves no file under either
 * name, and one over the size limit is refused the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '@sandbox/server.js';
import { inspectAudio } from '@media/audio-inspect.js';
import { GatewayClient } from '../../gateway/client.js';
import { partOf, postSpeech } from './speech-post.js';

const dir = mkdtempSync(join(tmpdir(), 'studio-speech-post-'));
let sandbox: Sandbox;
/** A gateway that sends half of an audio answer, then drops the connection. */
let broken: Server;
let brokenUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ speed: 100, streamPaceMs: 0 });
  broken = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': '20000' });
    res.write(Buffer.alloc(5000, 0xff), () => res.destroy());
  });
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => broken.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const json = { model: 'tts-1', input: 'A gull over the harbour.', voice: 'alloy' };
const client = (baseUrl: string) => new GatewayClient({ baseUrl, apiKey: 'sk-sandbox', retry: { retries: 0 } });

describe('a speech call made by the sender', () => {
  it('writes the audio whole under its name, its folder made, nothing half-written left', async () => {
    const file = join(dir, 'narrations', 'whole.audio');
    const audio = await postSpeech(client(sandbox.url), 'speech:whole', { json, file, maxBytes: 10_000_000 }, () => 42);
    expect(audio).toEqual({ file, mime: 'audio/mpeg', status: 200, at: 42 });
    expect(inspectAudio(readFileSync(file)).container).toBe('mp3');
    expect(existsSync(partOf(file))).toBe(false);
  });

  it('an answer broken off midway: the call fails and no file is left under either name', async () => {
    const file = join(dir, 'narrations', 'broken.audio');
    await expect(postSpeech(client(brokenUrl), 'speech:broken', { json, file, maxBytes: 10_000_000 })).rejects.toMatchObject({ code: 'unreachable' });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(partOf(file))).toBe(false);
  });

  it('an answer over the largest audio saved: refused, no file left', async () => {
    const file = join(dir, 'narrations', 'large.audio');
    await expect(postSpeech(client(sandbox.url), 'speech:large', { json, file, maxBytes: 100 })).rejects.toBeDefined();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(partOf(file))).toBe(false);
  });
});
