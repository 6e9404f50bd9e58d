/**
 * One data file the host rewrites often (a conversation, the conversation index, the workspace,
 * the attachments' index), written off the event loop: each fsync waits on the disk, tens of
 * milliseconds on a busy one and more for a file of megabytes, and a synchronous write held the
 * host's loop for all of it (docs/robust-host.md, "Data files written off the loop"). Changes
 * within the gathering time share one atomic write; writes never overlap, since an older copy
 * renamed last would win; `flush` resolves once a write holding every change made before it is
 * on disk.
 */
import { writeFileAtomicAsync } from './atomic-file.js';

export interface CoalescedFileOptions {
  /**
   * Writes the file's whole content as it is when called, atomically: a write holds every change
   * before it. `atomicText` makes one for a text file.
   */
  write: () => Promise<void>;
  /** The error a refused write rejects `flush` with: a message for the creator. */
  failure: (err: unknown) => Error;
  /** Where a refused write that nobody awaits is told (it is tried again with the next change). */
  log: (line: string) => void;
  /** Why nothing may be written over the file now (an unreadable one not yet kept aside). */
  blocked?: () => unknown;
  /** After each write that reached the disk. */
  written?: () => void;
  /** How long changes are gathered into one write; GATHER_MS unless given. */
  gatherMs?: number;
}

/** How long changes are gathered into one write, unless a file asks for longer. */
const GATHER_MS = 50;

/** The `write` of a text file: `text()` asked for as the write starts, written atomically. */
export function atomicText(file: string, text: () => string): () => Promise<void> {
  return () => writeFileAtomicAsync(file, text());
}

export class CoalescedFile {
  private timer?: NodeJS.Timeout;
  /** The write not yet started, which every change until it starts is part of. */
  private next?: Promise<void>;
  /** The latest write asked for, settled either way: the next one starts after it. */
  private last?: Promise<void>;
  /** A write is under way (never more than one). */
  private writing = false;
  private stopped = false;

  constructor(private readonly o: CoalescedFileOptions) {}

  /** Records that the file changed: written with the next changes within the gathering time. */
  later(): void {
    if (this.stopped) return;
    this.timer ??= setTimeout(() => void this.save(), this.o.gatherMs ?? GATHER_MS);
  }

  /**
   * Resolves once a write holding every change so far is on disk; rejects with `failure` when the
   * disk refuses (the old file stays). A flush asked for while a write is under way waits for it,
   * and every caller meanwhile shares the one after it.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return this.last ?? Promise.resolve();
    if (this.next) return this.next;
    const write = async () => {
      // From here on, a change needs another write: this one holds what there is now.
      this.next = undefined;
      if (this.stopped) return;
      const blocked = this.o.blocked?.();
      if (blocked !== undefined) throw blocked;
      this.writing = true;
      try {
        await this.o.write();
      } finally {
        this.writing = false;
      }
      this.o.written?.();
    };
    const next = (this.last ?? Promise.resolve()).then(write, write).catch((err: unknown) => {
      throw this.o.failure(err);
    });
    this.next = next;
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Writes now, or logs why not and tries again with the next change. */
  save(): Promise<void> {
    return this.flush().catch((err: unknown) => this.o.log(`${(err as Error).message} (retried with the next change)`));
  }

  /**
   * Writes a change still gathering, and waits for a write asked for before; writes nothing when
   * nothing has changed since (closing a large file that is already on disk costs nothing). Never
   * rejects: a refusal is logged, as `save` does.
   */
  settle(): Promise<void> {
    if (this.timer) return this.save();
    return this.last ?? Promise.resolve();
  }

  /** A change is waiting to be written, or a write is under way. */
  get busy(): boolean {
    return this.timer !== undefined || this.next !== undefined || this.writing;
  }

  /**
   * Writes nothing more (the file is about to be removed): a change not yet written is dropped,
   * and this resolves once a write under way has ended, so nothing lands after the removal.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.last;
  }
}
