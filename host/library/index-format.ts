/**
 * The format of the index file the previous release wrote (docs/library-files.md, "The index"),
 * read only to import it into the studio database (legacy-index.ts): one line of JSON (the
 * version, the library folder, folder times, the item count, the models, and each section's
 * length in bytes), then one section per column, back to back:
 *
 *   id, rest            one line per item (ids have no line breaks; `rest` is JSON text, which has none)
 *   file, thumb, prompt one line per item, `\` `\n` `\r` written as `\\` `\n` `\r`
 *   kind                one letter per item: i(mage), v(ideo), a(udio)
 *   model               4 bytes per item: its index in the header's models (uint32)
 *   createdAt, savedAt, ratio  8 bytes per item: the number as a float64
 *
 * Numbers are in the machine's byte order (little-endian wherever the studio runs): the index
 * is a cache in this machine's data folder and never travels.
 *
 * Reading it splits a few long strings (a slice of bytes at a time, the loop given back between
 * slices: `decodeIndexInSlices`) and copies three blocks of numbers: no object per item
 * and no string copied (V8's split keeps slices of the text it cut), which is what makes a
 * library of 100,000 items open in tens of milliseconds where one JSON document took half a
 * second. Every section is checked whole (lengths, counts, UTF-8, characters, numbers); any
 * mismatch makes the file damaged, and the caller rebuilds the index from the sidecars.
 */
import { isUtf8 } from 'node:buffer';
import { z } from 'zod';
import { COLUMN_NAMES, type Columns } from './index-columns.js';
import type { LibraryKind } from './library-item.js';

export const FORMAT_VERSION = 2;

const Header = z.object({
  version: z.literal(FORMAT_VERSION),
  root: z.string(),
  /** Folder (relative, '' for the root) → its mtime when it was last read; see scan.ts. */
  dirs: z.record(z.string(), z.number()),
  count: z.number().int().nonnegative(),
  models: z.array(z.string()),
  /** The byte length of each section, in COLUMN_NAMES order. */
  bytes: z.array(z.number().int().nonnegative()).length(COLUMN_NAMES.length),
});

export interface IndexContent {
  root: string;
  dirs: Record<string, number>;
  columns: Columns;
  /** Read from an older format: to be written in this one. */
  outdated?: boolean;
}

/** The file is there but is not a readable index of this format; `header`: not even its first line. */
export class DamagedIndex extends Error {
  constructor(message: string, readonly header = false) {
    super(message);
  }
}

const LETTER_KIND: Record<string, LibraryKind> = { i: 'image', v: 'video', a: 'audio' };
const unescape = (s: string) => (s.includes('\\') ? s.replace(/\\(.?)/gs, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c)) : s);

function fail(what: string): never {
  throw new DamagedIndex(`the index's ${what} does not match its header`);
}

/**
 * Bytes turned into strings between two gives of the loop when an index is read on the host's
 * loop: a few milliseconds each. The whole 29 MB file of 100,000 items decoded in one go held
 * the loop 160–310 ms (docs/performance.md, "gallery").
 */
export const DECODE_SLICE_BYTES = 256 * 1024;

/**
 * The n lines of a section, cut at line breaks into slices of about DECODE_SLICE_BYTES, pausing
 * after each: a line break is one byte that never occurs inside a UTF-8 sequence, so each slice
 * is checked and decoded on its own, and together they split as the whole section would.
 * `check` sees each slice's text (the ids' characters); `escaped` lines are unescaped.
 */
function* linesOf(b: Buffer, n: number, name: string, o: { escaped?: boolean; check?: (text: string) => void } = {}): Generator<void, string[], void> {
  if (n === 0 && b.length === 0) return [];
  const out: string[] = [];
  for (let from = 0; ; ) {
    const cut = from + DECODE_SLICE_BYTES >= b.length ? -1 : b.indexOf(10, from + DECODE_SLICE_BYTES);
    const slice = b.subarray(from, cut < 0 ? b.length : cut);
    if (!isUtf8(slice)) fail(`${name} text`);
    const text = slice.toString('utf8');
    o.check?.(text);
    const parts = text.split('\n');
    if (out.length + parts.length > n) fail(name);
    const lines = o.escaped && text.includes('\\') ? parts.map(unescape) : parts;
    for (const line of lines) out.push(line);
    if (cut < 0) break;
    from = cut + 1;
    yield;
  }
  if (out.length !== n) fail(name);
  return out;
}

/**
 * Copies a block of numbers out of the file (typed arrays need an aligned start) into a plain
 * array, by a loop: `Array.from` of a typed array goes through its iterator, and for the four
 * number columns of 100,000 items took 60–90 ms of an open that has 500 (docs/performance-findings.md,
 * "The index load").
 */
function numbersOf<T extends Float64Array | Uint32Array>(Kind: { new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number }, bytes: Uint8Array, n: number, name: string): number[] {
  if (bytes.length !== n * Kind.BYTES_PER_ELEMENT) fail(name);
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const view = new Kind(copy.buffer);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = view[i];
  return out;
}

/** Reads the whole index in one go (tests, tools): decodeIndexInSlices without pauses. */
export function decodeIndex(bytes: Buffer): IndexContent {
  const steps = decodeSteps(bytes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Reads the index on the host's loop, giving it back (`pause`) after each slice of bytes decoded. */
export async function decodeIndexInSlices(bytes: Buffer, pause: () => Promise<void>): Promise<IndexContent> {
  const steps = decodeSteps(bytes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* decodeSteps(bytes: Buffer): Generator<void, IndexContent, void> {
  const end = bytes.indexOf(10);
  let header: z.infer<typeof Header>;
  try {
    if (end < 0 || !isUtf8(bytes.subarray(0, end))) throw new Error('no header line');
    header = Header.parse(JSON.parse(bytes.toString('utf8', 0, end)));
  } catch {
    throw new DamagedIndex('the index header is unreadable', true);
  }
  const n = header.count;
  if (end + 1 + header.bytes.reduce((a, b) => a + b, 0) !== bytes.length) fail('length');
  const at: number[] = [end + 1];
  for (const b of header.bytes) at.push(at[at.length - 1] + b);
  const raw = (name: (typeof COLUMN_NAMES)[number]): Buffer => {
    const i = COLUMN_NAMES.indexOf(name);
    return bytes.subarray(at[i], at[i + 1]);
  };

  // Ids name thumbnail files: the same rule as LibraryId, checked over each slice at once.
  const id = yield* linesOf(raw('id'), n, 'id', { check: (text) => /[^A-Za-z0-9_\n-]/.test(text) && fail('id') });
  for (const s of id) if (s.length === 0 || s.length > 64) fail('id');
  const kindBytes = raw('kind');
  if (!isUtf8(kindBytes)) fail('kind text');
  const kindText = kindBytes.toString('utf8');
  if (kindText.length !== n || /[^iva]/.test(kindText)) fail('kind');
  const kind = new Array<LibraryKind>(n);
  for (let i = 0; i < n; i++) kind[i] = LETTER_KIND[kindText[i]];
  yield;
  const file = yield* linesOf(raw('file'), n, 'file', { escaped: true });
  for (const f of file) if (f.length === 0) fail('file');
  const thumb = yield* linesOf(raw('thumb'), n, 'thumb', { escaped: true });
  const prompt = yield* linesOf(raw('prompt'), n, 'prompt', { escaped: true });
  yield;
  const modelIndex = numbersOf(Uint32Array, raw('model'), n, 'model');
  const model = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    if (modelIndex[i] >= header.models.length) fail('model');
    model[i] = header.models[modelIndex[i]];
  }
  yield;
  const createdAt = numbersOf(Float64Array, raw('createdAt'), n, 'createdAt');
  const savedAt = numbersOf(Float64Array, raw('savedAt'), n, 'savedAt');
  const ratio = numbersOf(Float64Array, raw('ratio'), n, 'ratio');
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(createdAt[i]) || !Number.isFinite(savedAt[i])) fail('dates');
    if (!(ratio[i] >= 0 && ratio[i] < Infinity)) fail('ratio');
  }
  yield;
  const rest = yield* linesOf(raw('rest'), n, 'rest');
  return { root: header.root, dirs: header.dirs, columns: { id, kind, file, thumb, prompt, model, createdAt, savedAt, ratio, rest } };
}
