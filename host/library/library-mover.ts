/**
 * Moves the library's files to another folder (docs/robust-host.md, "Moving the library"). Each
 * file is first made whole in the new folder, the old one untouched: on the same disk a second
 * name for it (a hard link, no bytes copied), on another a copy checked for its size and fsynced,
 * put under its final name only then. Only once every file is there does the library switch
 * folders, and only then are the old names removed. So at any moment, a kill or a failing disk
 * included, every item is whole in the old folder, the new one, or both, and the journal
 * (move-journal.ts) says where to carry on; nothing is copied twice over another file.
 */
import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@shared/messages/index.js';
import { explain, LibraryError, withText } from './disk.js';
import type { MoveJournal } from './move-journal.js';
import type { MoveEntry, MovePlan } from './move-plan.js';

/** The file operations a move uses; tests replace some to make a disk fail as real ones do. */
export interface MoveFs {
  link(from: string, to: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  writeFile(file: string, data: string): Promise<void>;
  fsync(file: string): Promise<void>;
  stat(file: string): Promise<{ size: number; ino: number; dev: number }>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
  readFile(file: string): Promise<Buffer>;
}

export const nodeMoveFs: MoveFs = {
  link: (from, to) => fsp.link(from, to),
  copyFile: (from, to) => fsp.copyFile(from, to, constants.COPYFILE_EXCL),
  writeFile: (file, data) => fsp.writeFile(file, data, { flag: 'wx' }),
  fsync: async (file) => {
    const fh = await fsp.open(file, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  },
  stat: (file) => fsp.stat(file),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (file) => fsp.unlink(file),
  mkdir: async (dir) => {
    await fsp.mkdir(dir, { recursive: true });
  },
  readFile: (file) => fsp.readFile(file),
};

/** Where a move is, for the kill tests (each is a moment a real kill may land). */
export type MoveStage = 'copied' | 'placed' | 'logged' | 'removed';

export interface MoveProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}

export interface MoverOptions {
  journal: MoveJournal;
  fs?: Partial<MoveFs>;
  log?: (line: string) => void;
  onProgress?: (p: MoveProgress) => void;
  /** Called at each stage of each file; the kill tests end the process there. */
  stage?: (stage: MoveStage, entry: MoveEntry) => void;
  /** True once the studio closes: the copy stops between two files (the journal carries it on). */
  stopped?: () => boolean;
}

/** The copy stopped because the studio closes; not a failure. */
export class MoveClosed extends Error {}

const code = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;
const abs = (root: string, rel: string): string => path.join(root, ...rel.split('/'));
/** A second name is not possible here (FAT and exFAT drives, some network shares): copy instead. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS', 'EINVAL']);

export class LibraryMover {
  private readonly fs: MoveFs;
  private readonly log: (line: string) => void;

  constructor(private readonly opts: MoverOptions) {
    this.fs = { ...nodeMoveFs, ...opts.fs };
    this.log = opts.log ?? (() => undefined);
  }

  /** Makes every entry not yet done whole in the new folder, recording each; throws the creator's reason. */
  async copy(plan: MovePlan, done: Set<string>): Promise<void> {
    const totalBytes = plan.entries.reduce((n, e) => n + e.bytes, 0);
    let bytes = plan.entries.filter((e) => done.has(e.from)).reduce((n, e) => n + e.bytes, 0);
    const progress = () => this.opts.onProgress?.({ files: done.size, totalFiles: plan.entries.length, bytes, totalBytes });
    progress();
    for (const entry of plan.entries) {
      if (done.has(entry.from)) continue;
      if (this.opts.stopped?.()) throw new MoveClosed('the studio closes');
      try {
        await this.place(plan, entry);
      } catch (err) {
        throw explain(err, plan.to);
      }
      this.opts.stage?.('placed', entry);
      await this.opts.journal.markDone(entry.from);
      done.add(entry.from);
      bytes += entry.bytes;
      this.opts.stage?.('logged', entry);
      progress();
    }
  }

  private async place(plan: MovePlan, entry: MoveEntry): Promise<void> {
    const src = abs(plan.from, entry.from);
    const dst = abs(plan.to, entry.to);
    const dir = path.dirname(dst);
    const temp = path.join(dir, `.${path.basename(dst)}.moving`);
    await this.fs.mkdir(dir);
    await this.fs.unlink(temp).catch((err: unknown) => {
      if (code(err) !== 'ENOENT') throw err;
    });
    if (!entry.rewrite) {
      try {
        await this.fs.link(src, dst);
        this.opts.stage?.('copied', entry);
        return;
      } catch (err) {
        if (code(err) === 'EEXIST') return this.alreadyThere(src, dst, entry);
        if (!NO_LINK.has(code(err) ?? '')) throw err;
      }
    }
    let expected: number;
    if (entry.rewrite) {
      const item = JSON.parse((await this.fs.readFile(src)).toString('utf8')) as Record<string, unknown>;
      const text = JSON.stringify({ ...item, ...entry.rewrite }, null, 2);
      await this.fs.writeFile(temp, text);
      expected = Buffer.byteLength(text);
    } else {
      await this.fs.copyFile(src, temp);
      expected = (await this.fs.stat(src)).size;
    }
    await this.fs.fsync(temp);
    const got = (await this.fs.stat(temp)).size;
    if (got !== expected) throw withText(msg('app.settings.moveShortCopy', { file: entry.from, got, expected }));
    this.opts.stage?.('copied', entry);
    // A second name never replaces a file; where the disk has none, the name is checked just before.
    try {
      await this.fs.link(temp, dst);
      await this.fs.unlink(temp);
    } catch (err) {
      if (code(err) === 'EEXIST') {
        await this.fs.unlink(temp).catch(() => undefined);
        return this.alreadyThere(src, dst, entry);
      }
      if (!NO_LINK.has(code(err) ?? '')) throw err;
      if (await this.fs.stat(dst).then(() => true, () => false)) {
        await this.fs.unlink(temp).catch(() => undefined);
        return this.alreadyThere(src, dst, entry);
      }
      await this.fs.rename(temp, dst);
    }
  }

  /**
   * The final name is taken: by this move's own earlier copy (a kill came before its line in the
   * journal) or by a file that appeared since the plan, which is never overwritten.
   */
  private async alreadyThere(src: string, dst: string, entry: MoveEntry): Promise<void> {
    const [a, b] = await Promise.all([this.fs.stat(src), this.fs.stat(dst)]);
    if (a.dev === b.dev && a.ino === b.ino) return;
    if (entry.rewrite ? b.size > 0 : a.size === b.size && (await this.fs.readFile(src)).equals(await this.fs.readFile(dst))) {
      if (entry.rewrite) {
        // Our rewritten sidecar names the new file; anything else there is not ours.
        const text = (await this.fs.readFile(dst)).toString('utf8');
        if (text.includes(JSON.stringify(entry.rewrite.file))) return;
      } else return;
    }
    throw new LibraryError('io_error', msg('app.settings.moveTargetTaken', { file: dst }));
  }

  /** Removes the old names of files now whole in the new folder, then the folders left empty. */
  async removeOld(plan: MovePlan): Promise<void> {
    for (const entry of plan.entries) {
      const src = abs(plan.from, entry.from);
      const dst = abs(plan.to, entry.to);
      // Never the only copy: the new one must be there.
      if (!(await this.fs.stat(dst).then(() => true, () => false))) {
        this.log(`library move: kept ${entry.from} in the old folder, its copy is missing`);
        continue;
      }
      await this.fs.unlink(src).catch((err: unknown) => {
        if (code(err) !== 'ENOENT') this.log(`library move: could not remove ${entry.from} from the old folder (${code(err) ?? String(err)})`);
      });
      this.opts.stage?.('removed', entry);
    }
    await removeEmptyFolders(plan.from, plan.entries.map((e) => e.from));
  }

  /** Undoes a move that has not switched: the copies in the new folder go, the old folder is untouched. */
  async undo(plan: MovePlan): Promise<void> {
    for (const entry of plan.entries) {
      const src = abs(plan.from, entry.from);
      const dst = abs(plan.to, entry.to);
      await this.fs.unlink(path.join(path.dirname(dst), `.${path.basename(dst)}.moving`)).catch(() => undefined);
      const ours = await this.alreadyThere(src, dst, entry).then(() => true, () => false);
      if (ours) await this.fs.unlink(dst).catch(() => undefined);
    }
    await removeEmptyFolders(plan.to, plan.entries.map((e) => e.to));
  }
}

/** Removes the folders of `files` (and the root) that are now empty, deepest first; anything else stays. */
async function removeEmptyFolders(root: string, files: readonly string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const f of files) {
    for (let d = path.posix.dirname(f); d !== '.' && d !== '/'; d = path.posix.dirname(d)) dirs.add(d);
  }
  const deepest = [...dirs].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const d of [...deepest.map((x) => abs(root, x)), root]) await fsp.rmdir(d).catch(() => undefined);
}

/** Free bytes where `dir` (or its nearest existing folder) is. */
export async function freeBytes(dir: string, statfs: (p: string) => Promise<{ bavail: number; bsize: number }> = (p) => fsp.statfs(p)): Promise<number> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      return s.bavail * s.bsize;
    } catch (err) {
      if (code(err) !== 'ENOENT' || path.dirname(at) === at) throw err;
    }
  }
}

export { LibraryError };
