/**
 * The library in the folder settings name. The folder can change while the studio runs; jobs,
 * chat images and the media route always reach whichever library is current through this holder,
 * and every item saved through it is announced.
 */
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { HostEmitter } from '../events.js';
import { Library, type AddInput, type LibraryOptions } from './library.js';
import type { LibraryItem } from './library-item.js';

/** What a saver is given: the item, and the billed call that made it when there is one (docs/ledger.md, "Rows"). */
export interface LibrarySaver {
  add(input: AddInput, made?: { callId: string }): Promise<LibraryItem>;
}

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class CurrentLibrary {
  private library: Library;
  /** A move of the library under way: saves wait for it, then go to whichever folder is current. */
  private moving: Promise<unknown> | undefined;
  /** Saves under way: a move starts once they are in the index, so its plan has them. */
  private readonly saving = new Set<Promise<unknown>>();
  private readonly announcing = new WeakSet<Library>();

  constructor(
    root: string,
    private readonly options: Omit<LibraryOptions, 'root'>,
    private readonly emit: Emit,
    /** Where saved and removed items are announced (host/events.ts). */
    private readonly events?: HostEmitter,
  ) {
    this.library = new Library({ root, ...options });
  }

  get current(): Library {
    return this.library;
  }

  get root(): string {
    return this.library.root;
  }

  open(): Promise<number> {
    const library = this.library;
    return library.open().then((n) => {
      this.announceStacks(library);
      return n;
    });
  }

  /**
   * A stacked list is answered unstacked until the stack keys are read after an opening
   * (stack-keys.ts): once they are, the gallery is told to ask again, when anything stacks.
   */
  private announceStacks(library: Library): void {
    if (library.stacks.ready || this.announcing.has(library)) return;
    this.announcing.add(library);
    void library.searchReady().then(() => {
      if (library === this.library && library.stacks.size > 0) this.emit('library.onDidChange', { reason: 'changed' });
    });
  }

  /**
   * Saves into the current library and tells the renderer (jobs and generators save here).
   * `made`: the billed call that made the item, announced with it for the ledger's links.
   */
  readonly saver: LibrarySaver = {
    add: async (input, made) => {
      // The downloaded file waits where it is (the data folder's downloads) until the move ends.
      while (this.moving) await this.moving.catch(() => undefined);
      const saving = this.library.add(input);
      this.saving.add(saving);
      const item = await saving.finally(() => this.saving.delete(saving));
      this.emit('library.onDidChange', { reason: 'added', id: item.id });
      this.events?.emit('itemSaved', { item, ...(made ? { callId: made.callId } : {}) });
      return item;
    },
  };

  /** Removes an item from the current library and tells the renderer; false when it was not there. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.library.remove(id);
    if (removed) {
      this.emit('library.onDidChange', { reason: 'removed', id });
      this.events?.emit('itemRemoved', { id });
    }
    return removed;
  }

  /** Marks or unmarks a winner and tells the renderer; undefined when the item is not in the library. */
  async setFavourite(id: string, favourite: boolean): Promise<LibraryItem | undefined> {
    const item = await this.library.setFavourite(id, favourite);
    if (item) this.emit('library.onDidChange', { reason: 'changed', id });
    return item;
  }

  /**
   * A curation edit of the current library (library-curation.ts): made in one transaction, its
   * sidecars following in the background, announced once however many items it changed.
   */
  curate<T>(edit: (library: Library) => T): T {
    const result = edit(this.library);
    this.library.curating.follow().catch(() => undefined);
    this.emit('library.onDidChange', { reason: 'changed' });
    return result;
  }

  /** Runs `work` (a move of the library) once the saves under way ended; new saves wait until it has. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = (async () => {
      await Promise.allSettled([...this.saving]);
      // No sidecar written in the old folder while its files are copied (SidecarDrain.hold).
      const release = await (async () => this.library.curating.hold())().catch(() => undefined);
      try {
        return await work();
      } finally {
        release?.();
      }
    })();
    const held = run.finally(() => {
      if (this.moving === held) this.moving = undefined;
    });
    this.moving = held;
    held.catch(() => undefined);
    return run;
  }

  get isMoving(): boolean {
    return this.moving !== undefined;
  }

  /** Opens the library in another folder, after closing the one open now. */
  async switchTo(root: string): Promise<void> {
    const previous = this.library;
    this.library = new Library({ root, ...this.options });
    await previous.close();
    await this.open();
    this.emit('library.onDidChange', { reason: 'reset' });
  }

  close(): Promise<void> {
    return this.library.close();
  }
}
