/**
 * The index writer of the previous release, kept only so that tests and benchmarks can make data
 * folders exactly as that release left them (the import of docs/data.md is tested on those). The
 * studio itself no longer writes this format; legacy-index.ts reads it.
 */
import path from 'node:path';
import { writeAtomic, type DiskOps } from '../disk.js';
import { COLUMN_NAMES, type Columns } from '../index-columns.js';
import { FORMAT_VERSION, type IndexContent } from '../index-format.js';
import type { LibraryKind } from '../library-item.js';

const KIND_LETTER: Record<LibraryKind, string> = { image: 'i', video: 'v', audio: 'a' };
const NEEDS_ESCAPE = /[\\\n\r]/;
const escape = (s: string) => (NEEDS_ESCAPE.test(s) ? s.replace(/[\\\n\r]/g, (m) => (m === '\\' ? '\\\\' : m === '\n' ? '\\n' : '\\r')) : s);

/** Rows turned into text between two pauses of a paced write: 2–3 ms of the loop each at most. */
const SLICE = 10_000;

/**
 * The index's bytes in pieces (the header first), pausing (`yield`) after each slice of rows, so a
 * write that runs on the host's loop gives it back between slices: at 100,000 items the whole
 * encoding took 80–130 ms in one go, after every save (docs/robust-host.md, "The library's index
 * in slices"). The columns are copied first, so a change made during a pause waits for the next
 * write and never mixes into this one.
 */
function* encodeSteps({ root, dirs: liveDirs, columns: live }: IndexContent): Generator<void, Buffer[], void> {
  const c = Object.fromEntries(COLUMN_NAMES.map((name) => [name, live[name].slice()])) as unknown as Columns;
  const dirs = { ...liveDirs };
  yield;
  const models: string[] = [];
  const modelAt = new Map<string, number>();
  const modelIndex = c.model.map((m) => {
    let at = modelAt.get(m);
    if (at === undefined) {
      at = models.push(m) - 1;
      modelAt.set(m, at);
    }
    return at;
  });
  const binary: Partial<Record<(typeof COLUMN_NAMES)[number], Buffer>> = {
    model: Buffer.from(Uint32Array.from(modelIndex).buffer),
    createdAt: Buffer.from(Float64Array.from(c.createdAt).buffer),
    savedAt: Buffer.from(Float64Array.from(c.savedAt).buffer),
    ratio: Buffer.from(Float64Array.from(c.ratio).buffer),
  };
  yield;
  const lines: Partial<Record<(typeof COLUMN_NAMES)[number], (i: number) => string>> = {
    id: (i) => c.id[i],
    file: (i) => escape(c.file[i]),
    thumb: (i) => escape(c.thumb[i]),
    prompt: (i) => escape(c.prompt[i]),
    rest: (i) => c.rest[i],
  };
  const sections: Buffer[][] = [];
  for (const name of COLUMN_NAMES) {
    const fixed = binary[name];
    if (fixed) {
      sections.push([fixed]);
      continue;
    }
    const pieces: Buffer[] = [];
    for (let from = 0; from < c.id.length; from += SLICE) {
      const to = Math.min(from + SLICE, c.id.length);
      const line = lines[name];
      let text = '';
      if (line) {
        // Lines are separated, not ended, by a line break: every slice but the first starts with one.
        const slice = new Array<string>(to - from);
        for (let i = from; i < to; i++) slice[i - from] = line(i);
        text = (from > 0 ? '\n' : '') + slice.join('\n');
      } else for (let i = from; i < to; i++) text += KIND_LETTER[c.kind[i]];
      pieces.push(Buffer.from(text, 'utf8'));
      yield;
    }
    sections.push(pieces);
  }
  const bytes = sections.map((pieces) => pieces.reduce((n, b) => n + b.length, 0));
  const header = JSON.stringify({ version: FORMAT_VERSION, root, dirs, count: c.id.length, models, bytes });
  return [Buffer.from(`${header}\n`, 'utf8'), ...sections.flat()];
}

/** The whole index in one buffer, at once (tests, tools). */
export function encodeIndex(content: IndexContent): Buffer {
  const steps = encodeSteps(content);
  for (;;) {
    const step = steps.next();
    if (step.done) return Buffer.concat(step.value);
  }
}

/** The index in pieces to write one after another, the event loop given back after each slice of rows. */
export async function encodeIndexPaced(content: IndexContent): Promise<Buffer[]> {
  const steps = encodeSteps(content);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Writes the index file as the previous release did (atomically, in its data folder). */
export async function writeIndex(disk: DiskOps, file: string, content: IndexContent): Promise<void> {
  const dir = path.dirname(file);
  await disk.mkdir(dir);
  const temp = `.${path.basename(file)}.${process.pid}.${Date.now().toString(36)}.tmp`;
  await writeAtomic(disk, dir, file, await encodeIndexPaced(content), temp);
}
