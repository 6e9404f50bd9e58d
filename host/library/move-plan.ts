/**
 * What a move of the library copies, and under which names (docs/robust-host.md, "Moving the
 * library"). Only the library's own files move: each item's media, its sidecar and its thumbnail,
 * never anything else the creator keeps in that folder. A name the target folder already uses
 * (another library's file) is never written over: the item gets the next free name there, and its
 * sidecar is rewritten to say so.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { candidateName } from './names.js';

export const MoveEntry = z.object({
  /** Library-relative path in the old folder. */
  from: z.string(),
  /** Library-relative path in the new folder. */
  to: z.string(),
  bytes: z.number().int().min(0),
  /** A sidecar whose item (or thumbnail) got another name in the new folder: written with these. */
  rewrite: z.object({ file: z.string(), thumb: z.string().optional() }).optional(),
});
export type MoveEntry = z.infer<typeof MoveEntry>;

export const MovePlan = z.object({
  version: z.literal(1),
  from: z.string(),
  to: z.string(),
  /** copy: files are being copied (the old folder is the library); switch: all copied, settings not yet; cleanup: the new folder is the library, the old copies go. */
  phase: z.enum(['copy', 'switch', 'cleanup']),
  entries: z.array(MoveEntry),
});
export type MovePlan = z.infer<typeof MovePlan>;

export interface PlannedItem {
  file: string;
  thumb?: string;
}

const exists = async (p: string): Promise<boolean> => fsp.lstat(p).then(() => true, () => false);
const abs = (root: string, rel: string): string => path.join(root, ...rel.split('/'));

/** The next free library-relative name beside `rel` in `root` (and not already chosen). */
async function freeName(root: string, rel: string, taken: Set<string>): Promise<string> {
  const dir = path.posix.dirname(rel);
  const base = path.posix.basename(rel);
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  for (let n = 1; n <= 10_000; n++) {
    const name = candidateName(stem, ext, n);
    const candidate = dir === '.' ? name : `${dir}/${name}`;
    if (taken.has(candidate) || taken.has(`${candidate}.json`)) continue;
    if (await exists(abs(root, candidate)) || await exists(abs(root, `${candidate}.json`))) continue;
    return candidate;
  }
  throw new Error(`no free name for ${rel} in the new folder`);
}

/**
 * The entries moving `items` from `from` to `to`. Entries of an earlier plan keep their names
 * (their copies may already be in the new folder); items saved since are added.
 */
export async function planMove(items: readonly PlannedItem[], from: string, to: string, earlier?: MovePlan): Promise<MovePlan> {
  const known = new Map((earlier?.entries ?? []).map((e) => [e.from, e]));
  const taken = new Set((earlier?.entries ?? []).map((e) => e.to));
  const entries: MoveEntry[] = [];
  const size = async (rel: string) => (await fsp.stat(abs(from, rel))).size;
  for (const item of items) {
    const sidecar = `${item.file}.json`;
    const before = known.get(item.file);
    if (before) {
      entries.push(before, known.get(sidecar)!);
      const thumb = item.thumb && known.get(item.thumb);
      if (thumb) entries.push(thumb);
      continue;
    }
    const file = await freeName(to, item.file, taken);
    taken.add(file);
    taken.add(`${file}.json`);
    let thumb: string | undefined;
    if (item.thumb && await exists(abs(from, item.thumb))) {
      thumb = await freeName(to, item.thumb, taken);
      taken.add(thumb);
      entries.push({ from: item.thumb, to: thumb, bytes: await size(item.thumb) });
    }
    entries.push({ from: item.file, to: file, bytes: await size(item.file) });
    const renamed = file !== item.file || thumb !== item.thumb;
    entries.push({ from: sidecar, to: `${file}.json`, bytes: await size(sidecar), ...(renamed ? { rewrite: { file, ...(thumb ? { thumb } : {}) } } : {}) });
  }
  return { version: 1, from, to, phase: 'copy', entries };
}
