/**
 * A confirmed move of the library, from start to end (docs/robust-host.md, "Moving the library"):
 * it checks the new folder, writes the journal, copies (library/library-mover.ts), switches the
 * library and the setting, then removes the old copies. Saves wait meanwhile and land in the folder
 * that is the library when the move ends. A kill anywhere carries on at the next start (`resume`);
 * a failure stops with every file whole in one of the two folders, and `retry` or `back` ends it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { LibraryMoveStatus } from '@shared/contract/index.js';
import { msg } from '@shared/messages/index.js';
import { coreError, textOf } from '../errors.js';
import type { CurrentLibrary } from '../library/current-library.js';
import { freeBytes, LibraryMover, MoveClosed, type MoveFs, type MoveProgress, type MoveStage } from '../library/library-mover.js';
import { MoveJournal } from '../library/move-journal.js';
import { planMove, type MoveEntry, type MovePlan } from '../library/move-plan.js';

export interface MoveRunDeps {
  dataDir: string;
  library: CurrentLibrary;
  /** Points the setting at the new folder (once every file is there). */
  setFolder(to: string): void;
  /** Tells the page the settings changed (the folder did). */
  afterSwitch(): void;
  emit(status: LibraryMoveStatus): void;
  log?: (line: string) => void;
  fs?: Partial<MoveFs>;
  statfs?: (p: string) => Promise<{ bavail: number; bsize: number }>;
  /** Whether two existing folders are on one disk (by default, their device numbers). */
  sameDisk?: (a: string, b: string) => Promise<boolean>;
  stage?: (stage: MoveStage | 'planned' | 'switched', entry?: MoveEntry) => void;
}

/** Kept free on the new disk beyond the library itself: the studio's own writes go on meanwhile. */
const HEADROOM = 64 * 1024 * 1024;
const MB = 1024 * 1024;

export class LibraryMoveRun {
  private readonly journal: MoveJournal;
  private status: LibraryMoveStatus | null = null;
  private running: Promise<void> | undefined;
  private readonly log: (line: string) => void;
  private closing = false;

  constructor(private readonly deps: MoveRunDeps) {
    this.journal = new MoveJournal(deps.dataDir);
    this.log = deps.log ?? (() => undefined);
  }

  /** The studio closes: the move stops between two files and carries on at the next start. */
  async close(): Promise<void> {
    this.closing = true;
    await this.running?.catch(() => undefined);
    await this.journal.close();
  }

  /** Resolves once no move runs (a resumed one included), however it ended. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  current(): LibraryMoveStatus | null {
    return this.status;
  }

  /** True while files move, or a stopped move waits to be finished: the library may not move again or lose items. */
  async busy(): Promise<boolean> {
    return this.running !== undefined || this.status?.state === 'failed' || (await this.journal.read().catch(() => undefined)) !== undefined;
  }

  /** Checks and plans a move to `to`, then runs it; resolves when it ended, throws why it could not start or stopped. */
  async move(from: string, to: string): Promise<void> {
    if (await this.busy()) throw coreError('conflict', msg('app.settings.moveBusy'), 'libraryDir');
    const rel = path.relative(from, to);
    if (!rel || !rel.startsWith('..') || path.relative(to, from).split(path.sep)[0] !== '..') {
      throw coreError('invalid_input', msg('app.settings.moveNested'), 'libraryDir');
    }
    await this.launch(async () => {
      await this.deps.library.open();
      // An item's file that cannot be read now is said by its disk's reason; nothing has moved yet.
      const plan = await planMove(this.deps.library.current.list().items, from, to).catch((err: unknown) => {
        throw coreError('invalid_input', msg('app.settings.folderUnusable', { reason: (err as NodeJS.ErrnoException).code ?? String(err) }), 'libraryDir');
      });
      await this.checkRoom(plan);
      await this.journal.remove();
      await this.journal.write(plan);
      this.deps.stage?.('planned');
      return { plan, done: new Set<string>() };
    });
  }

  /** At start: a move a kill interrupted carries on (in the background; saves wait for it). */
  async resume(): Promise<void> {
    let found;
    try {
      found = await this.journal.read();
    } catch (err) {
      this.log(`library move: the journal cannot be read (${(err as Error).message}); nothing is removed`);
      return;
    }
    if (!found) return;
    this.log(`library move: carrying on the move to ${found.plan.to}`);
    void this.launch(async () => found).catch(() => undefined);
  }

  /** After a stop: carries on, with anything saved in the old folder since. */
  async retry(): Promise<void> {
    if (this.running) throw coreError('conflict', msg('app.settings.moveBusy'));
    const found = await this.journal.read();
    if (!found) return;
    await this.launch(async () => {
      let plan = found.plan;
      if (plan.phase === 'copy') {
        await this.deps.library.open();
        plan = await planMove(this.deps.library.current.list().items, plan.from, plan.to, plan);
        await this.checkRoom(plan, found.done);
        await this.journal.write(plan);
      }
      return { plan, done: found.done };
    });
  }

  /** After a stop before the switch: the copies go, the library stays where it was. */
  async back(): Promise<void> {
    if (this.running) throw coreError('conflict', msg('app.settings.moveBusy'));
    const found = await this.journal.read();
    if (!found) return;
    if (found.plan.phase !== 'copy') return this.retry();
    await this.mover().undo(found.plan);
    await this.journal.remove();
    this.status = null;
  }

  private async checkRoom(plan: MovePlan, done: Set<string> = new Set()): Promise<void> {
    const nearest = async (p: string): Promise<string> => stat(p).then(() => p, () => (path.dirname(p) === p ? p : nearest(path.dirname(p))));
    const sameDisk = this.deps.sameDisk ?? (async (a: string, b: string) => (await stat(a)).dev === (await stat(b)).dev);
    // On the same disk the files get a second name: nothing is copied.
    if (await sameDisk(await nearest(plan.from), await nearest(plan.to))) return;
    const need = plan.entries.filter((e) => !done.has(e.from)).reduce((n, e) => n + e.bytes, 0);
    const free = await freeBytes(plan.to, this.deps.statfs);
    if (need + HEADROOM > free) {
      throw coreError('invalid_input', msg('app.settings.moveNoRoom', { to: plan.to, need: Math.ceil((need + HEADROOM) / MB), free: Math.floor(free / MB) }), 'libraryDir');
    }
  }

  private mover(onProgress?: (p: MoveProgress) => void): LibraryMover {
    return new LibraryMover({ journal: this.journal, fs: this.deps.fs, log: this.log, onProgress, stage: this.deps.stage, stopped: () => this.closing });
  }

  /** Plans (with saves held and those under way ended), then runs; one move at a time. */
  private launch(prepare: () => Promise<{ plan: MovePlan; done: Set<string> }>): Promise<void> {
    const run = this.deps.library.exclusive(async () => {
      const { plan, done } = await prepare();
      await this.run(plan, done);
    }).finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async run(plan: MovePlan, done: Set<string>): Promise<void> {
    const base = { from: plan.from, to: plan.to, totalFiles: plan.entries.length, totalBytes: plan.entries.reduce((n, e) => n + e.bytes, 0) };
    let last: MoveProgress = { files: done.size, totalFiles: base.totalFiles, bytes: 0, totalBytes: base.totalBytes };
    const say = (state: LibraryMoveStatus['state'], extra: Partial<LibraryMoveStatus> = {}) => {
      this.status = { ...base, ...last, state, canGoBack: plan.phase === 'copy', ...extra };
      this.deps.emit(this.status);
    };
    // A few hundred updates at most, whatever the library's size.
    const step = Math.max(1, Math.floor(plan.entries.length / 200));
    try {
      if (plan.phase === 'copy') {
        await this.mover((p) => {
          last = p;
          if (p.files === p.totalFiles || p.files % step === 0) say('moving');
        }).copy(plan, done);
        plan = { ...plan, phase: 'switch' };
        await this.journal.write(plan);
      }
      last = { ...last, files: base.totalFiles, bytes: base.totalBytes };
      if (plan.phase === 'switch') {
        this.deps.setFolder(plan.to);
        if (this.deps.library.root !== path.resolve(plan.to)) await this.deps.library.switchTo(plan.to);
        this.deps.afterSwitch();
        this.deps.stage?.('switched');
        plan = { ...plan, phase: 'cleanup' };
        await this.journal.write(plan);
      }
      await this.mover().removeOld(plan);
      await this.journal.remove();
      say('done');
    } catch (err) {
      await this.journal.close().catch(() => undefined);
      if (err instanceof MoveClosed) return;
      this.log(`library move: stopped (${err instanceof Error ? err.message : String(err)})`);
      say('failed', { error: msg('app.settings.moveStopped', { from: plan.from, to: plan.to, reason: textOf(err) }) });
      throw coreError('internal', msg('app.settings.moveStopped', { from: plan.from, to: plan.to, reason: textOf(err) }), 'libraryDir');
    }
  }
}
