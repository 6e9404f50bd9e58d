/**
 * A batch's contact sheet taken out of the studio (docs/library-files.md, "The contact sheet"): one PNG
 * grid, rows by one axis and columns by another, each cell's first result with its aspect kept,
 * row and column labels drawn as SVG text, and its manifest (every cell's coords, request, job,
 * library items and files, and where it sits in the PNG).
 *
 * Both go in one zip, saved like the library's exports (take-out.ts, `writeOut`): the desktop's
 * Save dialog and the browser shell's download link each take one file, and the manifest can never
 * be separated from the picture it describes.
 *
 * The pictures are decoded, scaled and composited by libvips (`sharp`) on its own threads; the
 * host's loop only hands out the work and waits (a 100-cell sheet: docs/library-files.md, "The contact sheet").
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { BatchCellView, BatchView } from '@shared/contract/batches.js';
import type { JobRequest } from '@shared/contract/job-request.js';
import type { TakeOutcome } from '@shared/contract/library.js';
import type { LanguageSetting } from '@shared/languages.js';
import { msg } from '@shared/messages/index.js';
import { withoutHiddenCharacters } from '@shared/text/hidden-characters.js';
import { coreError } from '../errors.js';
import type { Library } from '../library/library.js';
import { candidateName, cleanStem } from '../library/names.js';
import { writeOut } from '../library/take-out.js';
import { fsyncFile } from '../library/disk.js';
import { MAX_IMAGE_PIXELS } from '../library/thumbnail.js';
import type { HostContext } from '../module.js';
import type { CorePorts } from '../ports.js';
import { specOf } from '../tasks/job-spec.js';
import { LABEL_HEIGHT, LABEL_WIDTH, labelSvg, layOut, type Box } from './sheet-layout.js';

export interface SheetDeps {
  ports: Pick<CorePorts, 'dataDir' | 'chooseSavePath' | 'offerDownload'>;
  /** The current library (its items' files and thumbnails). */
  library(): Pick<Library, 'get' | 'resolve'>;
  language(): LanguageSetting;
  now(): number;
  log(line: string): void;
}

/** A cell as the batch keeps it: its view and the request its jobs were made from. */
export interface SheetCell extends BatchCellView {
  /** Undefined when its job is gone from the list and the archive. */
  request: JobRequest | undefined;
}

export interface SheetInput {
  batch: Pick<BatchView, 'id' | 'name' | 'kind' | 'axes'>;
  cells: readonly SheetCell[];
  /** Axis names of the batch; `columns` equal to `rows` makes a single column. */
  rows: string;
  columns: string;
}

export interface SheetManifest {
  batch: { id: string; name: string; kind: string; axes: string[] };
  exportedAt: string;
  rows: { axis: string; labels: string[] };
  columns: { axis: string; labels: string[] };
  image: { file: string; width: number; height: number; cell: number; labelWidth: number; labelHeight: number };
  cells: {
    index: number;
    coords: Record<string, string>;
    request: JobRequest | null;
    jobId: string;
    tries: string[];
    state: string;
    hidden: boolean;
    /** Where its first result is drawn in the PNG; null when hidden from the sheet. */
    box: Box | null;
    results: { libraryId: string; file?: string }[];
  }[];
}

const PNG_NAME = 'contact-sheet.png';
const PAD = 3;
/** Pictures scaled at once: enough to keep libvips' threads busy, few enough to bound memory. */
const AT_ONCE = 4;

type Sharp = typeof import('sharp').default;
let loaded: Promise<Sharp> | undefined;
/** Loaded on first use, as the thumbnails' (thumbnail.ts): a start never waits for the native module. */
const loadSharp = () => (loaded ??= import('sharp').then((m) => m.default));

/** `batches.exportSheet`: the batch as the host keeps it, its cells' requests from their jobs. */
export async function exportSheet(ctx: HostContext, input: { id: string; rows: string; columns: string }): Promise<TakeOutcome> {
  const { batch, cells } = ctx.use('batches').get(input.id);
  const tasks = ctx.use('tasks');
  const withRequests: SheetCell[] = [];
  for (const c of cells) {
    const job = await tasks.archivedRecord(c.jobId);
    let request: JobRequest | undefined;
    try {
      request = job && specOf(job);
    } catch {
      // A request today's catalog no longer takes is left out of the manifest, not the whole sheet.
    }
    withRequests.push({ ...c, request });
  }
  const { current } = ctx.use('library');
  const { store } = ctx.use('settings');
  return writeSheet(
    { ports: ctx.ports, library: () => current.current, language: () => store.get().language, now: ctx.now, log: ctx.log },
    { batch, cells: withRequests, rows: input.rows, columns: input.columns },
  );
}

/** The sheet of `input.cells` written out (exportSheet's work, apart so tests hand in cells of their own). */
export async function writeSheet(d: SheetDeps, input: SheetInput): Promise<TakeOutcome> {
  const { batch, cells, rows, columns } = input;
  for (const axis of [rows, columns]) {
    if (!batch.axes.includes(axis)) throw coreError('invalid_input', msg('files.sheet.unknownAxis', { axis: withoutHiddenCharacters(axis).slice(0, 40) }));
  }
  const now = d.now();
  const layout = layOut(cells, rows, columns);
  const library = d.library();
  const manifest: SheetManifest = {
    batch: { id: batch.id, name: batch.name, kind: batch.kind, axes: [...batch.axes] },
    exportedAt: new Date(now).toISOString(),
    rows: { axis: rows, labels: layout.rowLabels },
    columns: { axis: columns, labels: columns === rows ? [] : layout.columnLabels },
    image: { file: PNG_NAME, width: layout.width, height: layout.height, cell: layout.cell, labelWidth: LABEL_WIDTH, labelHeight: LABEL_HEIGHT },
    cells: cells.map((c) => ({
      index: c.index, coords: c.coords, request: c.request ?? null, jobId: c.jobId, tries: c.tries, state: c.state, hidden: c.hidden,
      box: layout.boxes.get(c.index) ?? null,
      results: c.libraryIds.map((libraryId) => {
        const item = library.get(libraryId);
        return item ? { libraryId, file: item.file } : { libraryId };
      }),
    })),
  };
  const stamp = new Date(now).toISOString().slice(0, 16).replace(/[T:]/g, '-');
  const defaultName = candidateName(cleanStem(`contact-sheet-${batch.name}-${stamp}`).stem, '.zip', 1);
  return writeOut(d, {
    defaultName, kind: 'zip', type: 'application/zip', count: cells.filter((c) => !c.hidden).length, what: 'export',
    write: async (target) => {
      // The PNG goes to a file first and into the zip as a stream, read in chunks: yazl's checksum
      // of a whole 13 MB buffer at once held the loop for 90 ms.
      const png = `${target}.png.part`;
      try {
        await drawSheet(d, manifest, layout, png);
        return await writeSheetZip(target, png, Buffer.from(JSON.stringify(manifest, null, 2)), now);
      } finally {
        await rm(png, { force: true });
      }
    },
  });
}

/** The PNG: a white canvas, the labels, and each shown cell's first result fitted into its box. */
async function drawSheet(d: SheetDeps, manifest: SheetManifest, layout: ReturnType<typeof layOut>, target: string): Promise<void> {
  const sharp = await loadSharp();
  const library = d.library();
  const layers: { input: Buffer; left: number; top: number }[] = [];
  layout.rowLabels.forEach((label, r) => layers.push({ input: labelSvg(label, LABEL_WIDTH, layout.cell, 3), left: 0, top: LABEL_HEIGHT + r * layout.cell }));
  if (manifest.columns.labels.length > 0) {
    layout.columnLabels.forEach((label, k) => layers.push({ input: labelSvg(label, layout.cell, LABEL_HEIGHT, 2), left: LABEL_WIDTH + k * layout.cell, top: 0 }));
  }
  const todo = manifest.cells.filter((c) => c.box && c.results.some((r) => r.file));
  const picture = async (c: SheetManifest['cells'][number]) => {
    const box = c.box!;
    const item = c.results.map((r) => library.get(r.libraryId)).find((i) => i && (i.kind !== 'audio' || i.thumb));
    const file = item?.thumb ?? (item?.kind === 'image' ? item.file : undefined);
    if (!file) return;
    try {
      const fit = Math.max(1, box.width - 2 * PAD);
      const { data, info } = await sharp(library.resolve(file), { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize(fit, Math.max(1, box.height - 2 * PAD), { fit: 'inside' })
        .png()
        .toBuffer({ resolveWithObject: true });
      layers.push({ input: data, left: box.x + Math.floor((box.width - info.width) / 2), top: box.y + Math.floor((box.height - info.height) / 2) });
    } catch (err) {
      // One unreadable picture leaves its box empty; the sheet and its manifest are still made.
      d.log(`batches: the contact sheet left cell ${c.index} empty (${err instanceof Error ? err.message : String(err)})`);
    }
  };
  for (let from = 0; from < todo.length; from += AT_ONCE) await Promise.all(todo.slice(from, from + AT_ONCE).map(picture));
  await sharp({ create: { width: layout.width, height: layout.height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toFile(target);
}

/** The zip: the PNG stored (it is compressed already), the manifest deflated; fsynced, its size answered. */
async function writeSheetZip(target: string, png: string, manifest: Buffer, now: number): Promise<number> {
  const zip = new yazl.ZipFile();
  zip.addReadStreamLazy(PNG_NAME, { mtime: new Date(now), compress: false }, (cb) => cb(null, createReadStream(png)));
  zip.addBuffer(manifest, 'manifest.json', { mtime: new Date(now), compress: true });
  zip.end();
  let bytes = 0;
  zip.outputStream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(zip.outputStream, createWriteStream(target, { flags: 'wx' }));
  await fsyncFile(target);
  return bytes;
}
