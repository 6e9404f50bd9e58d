/**
 * The journal of a library move, in the studio's data folder (docs/robust-host.md, "Moving the
 * library"): the plan, written atomically before the first file is copied, and a log of the files
 * whose copy is whole in the new folder, one line each, on disk before the next file starts. A
 * studio killed at any moment finds both at its next start and carries on from there.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomicAsync } from '../atomic-file.js';
import { MovePlan } from './move-plan.js';

export class MoveJournal {
  readonly planFile: string;
  readonly doneFile: string;
  private log: fsp.FileHandle | undefined;

  constructor(dataDir: string) {
    this.planFile = path.join(dataDir, 'library-move.json');
    this.doneFile = path.join(dataDir, 'library-move.done');
  }

  /** The move under way, or undefined; a journal that cannot be read is an error to show, not a reason to forget files. */
  async read(): Promise<{ plan: MovePlan; done: Set<string> } | undefined> {
    let text: string;
    try {
      text = await fsp.readFile(this.planFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const plan = MovePlan.parse(JSON.parse(text));
    const lines = await fsp.readFile(this.doneFile, 'utf8').catch(() => '');
    // A line cut by a kill has no newline yet: that file is checked again.
    const done = new Set(lines.split('\n').slice(0, -1).filter(Boolean));
    return { plan, done };
  }

  async write(plan: MovePlan): Promise<void> {
    await writeFileAtomicAsync(this.planFile, JSON.stringify(plan));
  }

  /** Records that the copy of `from` (library-relative) is whole in the new folder. */
  async markDone(from: string): Promise<void> {
    this.log ??= await fsp.open(this.doneFile, 'a');
    await this.log.write(`${from}\n`);
    await this.log.datasync();
  }

  async close(): Promise<void> {
    const log = this.log;
    this.log = undefined;
    await log?.close();
  }

  /** The move ended (or was undone): the plan goes first, so a kill between leaves no move behind. */
  async remove(): Promise<void> {
    await this.close();
    await fsp.rm(this.planFile, { force: true });
    await fsp.rm(this.doneFile, { force: true });
  }
}
