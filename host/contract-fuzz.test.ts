/**
 * Every contract call, fuzzed through the core's real dispatch (the entry the IPC server and the
 * browser shell call) with random and hostile payloads (test/hostile-values.ts). The method map
 * is enumerated, so a new call is fuzzed without a change here; a call with no sample input below
 * is fuzzed from `{}`. The seed is fixed: a failure names its case and replays the same way.
 *
 * Billed calls go to a broke account on the sandbox, so they run the whole host path (checks,
 * records, the gateway's 402) without generating media for thousands of cases.
 */
import { englishText } from '@shared/messages/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ErrorData, METHOD_NAMES, methods, type MethodName } from '@shared/contract/index.js';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { startSandbox } from '@sandbox/server.js';
import { createCore, type Core } from './index.js';
import { FAST_CADENCE } from './test/open-core.js';
import { fileSecrets, jsonFilePort } from './test/file-ports.js';
import { ESCAPE_MARK, POLLUTION_KEY, payloads } from './test/hostile-values.js';

const SEED = 20_250_301;
const RUNS_PER_METHOD = 250;
const PNG = new Uint8Array(renderPromptImage({ prompt: 'fuzz', width: 64, height: 48 }));

let root: string;
let dataDir: string;
let core: Core;
let samples: Partial<Record<MethodName, unknown>>;
const logs: string[] = [];
const escaped: unknown[] = [];
const onEscape = (err: unknown) => void escaped.push(err);
const prototypes = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const shapeOf = () => prototypes.map((p) => Object.getOwnPropertyNames(p).sort().join());
let shapeBefore: string[];
let cases = 0;

const call = (method: string, input: unknown = {}) => core.dispatch(method, input) as Promise<any>;
async function value(method: string, input: unknown = {}) {
  const r = await call(method, input);
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.value;
}
async function until(pred: () => boolean) {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > 30_000) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'studio-fuzz-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir);
  core = await createCore({
    shell: 'browser', mediaBase: '/media/', version: '0.0.0-fuzz', platform: process.platform, dataDir,
    settings: jsonFilePort(join(dataDir, 'settings.json')),
    secrets: fileSecrets(join(dataDir, 'keys.json')),
    // The gateway's own files live beside the data folder, not in it.
    startSandbox: () => startSandbox({ dataDir: join(root, 'gateway'), speed: 100, streamPaceMs: 0 }),
    log: (l) => logs.push(l),
  }, { cadence: FAST_CADENCE });
  const ends: string[] = [];
  core.subscribe((event, payload) => void (event === 'chat.onDidEnd' && ends.push((payload as { streamId: string }).streamId)));

  // Real things for the samples to point at, made while the funded sandbox key is active.
  const { sandboxUrl } = await value('app.info');
  const conv = await value('chat.create', { title: 'Fuzzed' });
  const started = await value('chat.send', { conversationId: conv.id, text: 'Hello' });
  await until(() => ends.includes(started.streamId));
  const spareConv = await value('chat.create', { title: 'Spare' });
  const folder = (await value('chat.createFolder', { name: 'Fuzz folder' })).created;
  const exported = new TextEncoder().encode((await value('chat.exportJson', { id: conv.id })).json);
  const attachment = await value('attachments.add', { name: 'fuzz.png', data: PNG });
  const native = await value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a small square' });
  const broke = await value('profiles.save', { name: 'Broke', baseUrl: sandboxUrl, apiKey: 'sk-sandbox-broke' });
  const spare = await value('profiles.save', { name: 'Spare', baseUrl: sandboxUrl, apiKey: 'sk-sandbox-spare' });
  const shotSample = { id: 'shot-1', picture: { source: 'generate', model: 'seedream-4-0', prompt: 'fuzz', resolution: '1K' }, video: { model: 'modelg3', prompt: 'fuzz', durationSeconds: 5 }, narration: { text: 'fuzz', voice: 'alloy', speed: 1 } };
  const boardSample = { title: 'Fuzz board', aspectRatio: '16:9', shots: [shotSample] };
  const storyboard = await value('storyboard.create', boardSample);
  await value('profiles.activate', { id: broke.id });

  const ids = { conversationId: conv.id, messageId: started.reply.id };
  const tools = { webSearch: false, fileSearch: false, functions: [{ name: 'lookup', description: 'd', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }], mcp: { enabled: false, url: '' } };
  samples = {
    'profiles.save': { id: broke.id, name: 'Broke', baseUrl: sandboxUrl, apiKey: 'sk-sandbox-broke' },
    'profiles.remove': { id: spare.id },
    'profiles.activate': { id: broke.id },
    'profiles.clearKey': { id: spare.id },
    'profiles.test': { id: broke.id },
    'profiles.allowPlaintextKeys': { allow: true },
    'settings.update': { libraryDir: join(dataDir, 'Library'), theme: 'dark' },
    'account.balance': { refresh: true },
    'tasks.submit': { route: 'image', request: { model: 'seedream-4-0', prompt: 'fuzz', n: 1, resolution: '1K', image_urls: [`attachment:${attachment.id}`] } },
    'tasks.cancel': { id: 'job-1' },
    'tasks.stopSaving': { id: 'job-1' },
    'tasks.retry': { id: 'job-1' },
    'tasks.checkAgain': { id: 'job-1' },
    'attachments.add': { name: 'fuzz.png', data: PNG },
    'library.importFile': { name: 'fuzz.png', data: PNG },
    'attachments.remove': { id: attachment.id },
    'attachments.fromItem': { itemId: native.items[0].id },
    'images.generateNative': { model: 'modelc-2.5-flash-image-preview', prompt: 'fuzz', attachmentIds: [attachment.id], textOnly: false },
    'speech.synthesize': { model: 'tts-1', input: 'fuzz', voice: 'alloy', response_format: 'mp3', speed: 1 },
    'library.list': { kind: 'image', model: 'x', text: 'fuzz', offset: 0, limit: 10, from: 0, to: 4e12 },
    'library.facets': { kind: 'image', tag: 'fuzz', date: 'week', rating: 0, aspect: 'wide', resolution: 'large', cost: 'unknown', text: 'fuzz' },
    'library.get': { id: native.items[0].id },
    'library.getMany': { ids: [native.items[0].id, 'no-such-item'] },
    'library.ids': { kind: 'image', minRating: 1 },
    'library.lineage': { id: native.items[0].id },
    'library.remove': { id: native.items[0].id },
    'library.setFavourite': { id: native.items[0].id, favourite: true },
    'library.reveal': { id: native.items[0].id },
    'library.favourite': { ids: [native.items[0].id, 'no-such-item'], favourite: true },
    'library.rate': { ids: [native.items[0].id, 'no-such-item'], rating: 4 },
    'library.tag': { ids: [native.items[0].id], add: ['fuzz'], remove: ['other'] },
    'library.collections': {},
    'library.createCollection': { name: 'Fuzz' },
    'library.renameCollection': { id: 'no-such-collection', name: 'Fuzzed' },
    'library.removeCollection': { id: 'no-such-collection' },
    'library.collect': { ids: [native.items[0].id], collectionId: 'no-such-collection', add: true },
    'library.exportCollection': { id: 'no-such-collection' },
    'chat.list': { query: 'fuzz' },
    'chat.search': { query: 'fuzz "NEAR(' },
    'chat.create': { title: 'Fuzz', settings: { model: 'modela-5', temperature: 1, stop: ['x'], n: 1, tools } },
    'chat.get': { id: conv.id },
    'chat.update': { id: conv.id, title: 'Fuzzed', settings: { temperature: null, max_tokens: 100, tools } },
    'chat.remove': { id: spareConv.id },
    'chat.send': { conversationId: conv.id, text: 'fuzz', images: [{ attachmentId: attachment.id }, { url: 'https://example.com/a.png' }], imagesFirst: false, replaces: started.user.id },
    'chat.regenerate': ids,
    'chat.continue': ids,
    'chat.stop': { streamId: started.streamId },
    'chat.selectChoice': { ...ids, choice: 0 },
    'chat.switchVersion': { ...ids, to: 1 },
    'chat.revealMessage': ids,
    'chat.sendMany': { conversationId: conv.id, text: 'hi', targets: [{ model: 'modela-5', api: 'chat' }, { model: 'modelc-2.5-flash', api: 'native' }] },
    'chat.chooseVersion': { ...ids, to: 1 },
    'chat.exportMarkdown': { id: conv.id },
    'chat.toolCallArguments': { ...ids, callId: 'call-1' },
    'chat.toolCallResult': { ...ids, callId: 'call-1' },
    'chat.setMcpToken': { conversationId: conv.id, token: 'mcp-token-1234' },
    'chat.addDocument': { name: 'notes.md', data: new TextEncoder().encode('# Notes\n\nfuzz') },
    'chat.pin': { id: conv.id, pinned: true },
    'chat.createFolder': { name: 'Fuzzed folder' },
    'chat.renameFolder': { id: folder.id, name: 'Renamed' },
    'chat.collapseFolder': { id: folder.id, collapsed: true },
    'chat.removeFolder': { id: 'no-such-folder' },
    'chat.moveToFolder': { id: conv.id, folderId: folder.id },
    'chat.exportJson': { id: conv.id },
    'chat.importJson': { name: 'fuzz.json', data: exported },
    'storyboard.get': { id: storyboard.id },
    'storyboard.create': boardSample,
    'storyboard.update': { id: storyboard.id, ...boardSample, shots: [shotSample, { ...shotSample, id: 'shot-2', picture: { source: 'library', itemId: native.items[0].id }, narration: null }] },
    'storyboard.remove': { id: 'no-such-board' },
    'storyboard.estimate': { id: storyboard.id },
    'storyboard.run': { id: storyboard.id },
    'storyboard.retryShot': { id: storyboard.id, shotId: 'shot-1' },
    'storyboard.cancel': { id: storyboard.id },
    'storyboard.film': { id: storyboard.id },
    'storyboard.makeFilm': { id: storyboard.id },
    'storyboard.cancelFilm': { id: storyboard.id },
  };
  shapeBefore = shapeOf();
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
});

afterAll(async () => {
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Undefined when `r` is a well-formed Result of `method`; else what is wrong with it. */
function problemWith(method: MethodName, r: unknown): string | undefined {
  if (typeof r !== 'object' || r === null) return `not a Result: ${String(r)}`;
  const res = r as { ok?: unknown; value?: unknown; error?: unknown };
  if (res.ok === true) {
    const out = methods[method].output.safeParse(res.value);
    return out.success ? undefined : `ok, but its value breaks the contract at ${out.error.issues[0]?.path.join('.')}: ${out.error.issues[0]?.message}`;
  }
  if (res.ok !== false) return 'neither ok nor an error';
  const e = ErrorData.safeParse(res.error);
  if (!e.success) return `a malformed error: ${JSON.stringify(res.error)}`;
  if (!e.data.message.trim()) return 'an error without a message';
  if (e.data.code === 'internal') return `an unexpected failure in the host: ${e.data.message} ${logs.at(-1) ?? ''}`;
  return undefined;
}

/** The one input that names a folder outside the data folder on purpose: kept inside it here. */
function confined(method: MethodName, input: unknown): unknown {
  const dir = (input as { libraryDir?: unknown } | null)?.libraryDir;
  if (method !== 'settings.update' || typeof dir !== 'string' || !isAbsolute(dir.trim())) return input;
  return { ...(input as object), libraryDir: join(dataDir, 'chosen', dir.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 40) || 'root') };
}

/** A short, printable picture of any payload. */
function preview(v: unknown, depth = 0): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…(${v.length} chars)` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Uint8Array) return `Uint8Array(${v.byteLength})`;
  if (typeof v !== 'object' || v === null) return String(v);
  if (depth > 6) return Array.isArray(v) ? '[…]' : '{…}';
  if (Array.isArray(v)) return `[${v.slice(0, 5).map((x) => preview(x, depth + 1)).join(', ')}${v.length > 5 ? ', …' : ''}]`;
  return `{${Object.keys(v).slice(0, 8).map((k) => `${JSON.stringify(k)}: ${preview((v as Record<string, unknown>)[k], depth + 1)}`).join(', ')}}`;
}

/** Every path under `dir`. */
function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    out.push(join(dir, e.name));
    if (e.isDirectory()) walk(join(dir, e.name), out);
  }
  return out;
}

describe(`every contract call, ${RUNS_PER_METHOD} hostile payloads each (fast-check seed ${SEED})`, () => {
  it.each(METHOD_NAMES.map((m, i) => [m, i] as const))('%s', async (method, i) => {
    const sample = samples[method] ?? {};
    const run = await fc.check(fc.asyncProperty(payloads(sample), async (payload) => {
      cases += 1;
      let r: unknown;
      try {
        r = await core.dispatch(method, confined(method, payload));
      } catch (err) {
        throw new Error(`${method} threw instead of answering a Result: ${(err as Error).stack}`);
      }
      const problem = problemWith(method, r);
      if (problem) throw new Error(problem);
      expect(POLLUTION_KEY in {}).toBe(false);
      expect(shapeOf()).toEqual(shapeBefore);
    }), { seed: SEED + i, numRuns: RUNS_PER_METHOD });
    // fast-check's own report would print the whole counterexample, thousands of levels deep.
    if (run.failed) throw new Error(`${method}, seed ${run.seed}, path "${run.counterexamplePath}": ${(run.errorInstance as Error)?.message}\nInput: ${preview(run.counterexample?.[0])}`);
    expect(escaped).toEqual([]);
  });
});

describe('what the fuzz found, kept as plain cases', () => {
  const deepSchema = () => {
    let v: unknown = { type: 'string' };
    for (let i = 0; i < 5_000; i++) v = { type: 'object', properties: { a: v } };
    return v as Record<string, unknown>;
  };
  const tools = (parameters: unknown) => ({ webSearch: false, fileSearch: false, functions: [{ name: 'f', description: '', parameters }], mcp: { enabled: false, url: '' } });

  it('a function schema nested thousands of levels deep is refused at its field, before it is saved', async () => {
    const before = (await value('chat.list')).length;
    const r = await call('chat.create', { settings: { tools: tools(deepSchema()) } });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'settings.tools.functions.0.parameters' });
    // The zod check's code, as the screens translate it (shared/messages).
    expect(englishText(r.error.text ?? r.error.message)).toMatch(/plain JSON of at most 5000 parts, nested at most 32 levels/);
    expect((await value('chat.list')).length).toBe(before);
  });

  it('a setting sent as undefined (Electron IPC keeps such keys) leaves a required one as it was and clears an optional one', async () => {
    const created = await value('chat.create', { settings: { model: undefined, n: undefined, temperature: 0.5 } });
    expect(created.settings).toMatchObject({ model: 'modela-5', n: 1, temperature: 0.5 });
    const updated = await value('chat.update', { id: created.id, settings: { stream: undefined, temperature: undefined } });
    expect(updated.settings.stream).toBe(true);
    expect(updated.settings.temperature).toBeUndefined();
  });

  it('a job whose model is an array nested thousands of levels deep is refused by name', async () => {
    let model: unknown = 'seedream-4-0';
    for (let i = 0; i < 10_000; i++) model = [model];
    const r = await call('tasks.submit', { route: 'image', request: { model, prompt: 'x' } });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'request.model' });
  });

  it('a file whose bytes carry a hostile constructor is read as the bytes it holds', async () => {
    const data = new TextEncoder().encode('# Kept\n\nwords');
    Object.defineProperty(data, 'constructor', { value: 5 });
    const r = await call('chat.addDocument', { name: 'notes.md', data });
    expect(r.error).toBeUndefined();
    expect(r.value).toMatchObject({ name: 'notes.md', chars: '# Kept\n\nwords'.length });
  });

  it('an empty profile id is refused, and no key is stored under it', async () => {
    const r = await call('profiles.save', { id: '', name: 'Empty', baseUrl: 'https://gateway.example.com', apiKey: 'sk-empty-id-123' });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'id' });
    expect(readFileSync(join(dataDir, 'keys.json'), 'utf8')).not.toContain('sk-empty-id-123');
  });
});

describe('after the fuzz', () => {
  it(`answered all ${METHOD_NAMES.length * RUNS_PER_METHOD} cases, wrote nothing outside the data folder, and still works`, async () => {
    expect(cases).toBe(METHOD_NAMES.length * RUNS_PER_METHOD);
    expect(escaped).toEqual([]);
    expect(shapeOf()).toEqual(shapeBefore);

    // Beside the data folder only the gateway's own folder; no path a payload named anywhere near.
    const outside = walk(root).filter((p) => !p.startsWith(dataDir + sep) && p !== dataDir && !p.startsWith(join(root, 'gateway')));
    expect(outside).toEqual([]);
    for (const dir of [tmpdir(), process.cwd(), join(process.cwd(), 'electron'), join(process.cwd(), 'host'), '/']) {
      expect(readdirSync(dir).filter((n) => n.includes(ESCAPE_MARK))).toEqual([]);
    }
    expect(walk(dataDir).filter((p) => relative(dataDir, p).split(sep).includes('..'))).toEqual([]);

    // A normal session: the funded sandbox profile answers a chat turn to its end.
    await value('profiles.activate', { id: 'sandbox' });
    expect((await value('app.info')).shell).toBe('browser');
    expect((await value('account.balance', { refresh: true })).cash.currency).toBe('CNY');
    const ends: any[] = [];
    const stop = core.subscribe((event, payload) => void (event === 'chat.onDidEnd' && ends.push(payload)));
    const conv = await value('chat.create', { title: 'After the fuzz' });
    const started = await value('chat.send', { conversationId: conv.id, text: 'Still there?' });
    await until(() => ends.some((e) => e.streamId === started.streamId));
    stop();
    expect(ends.find((e) => e.streamId === started.streamId)).toMatchObject({ outcome: 'done', message: { status: 'complete' } });
    expect(logs.filter((l) => / failed: /.test(l))).toEqual([]);
  });
});
