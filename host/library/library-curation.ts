/**
 * A library's curation and the sidecars that follow it (docs/library-files.md, "Curation"): the
 * state (curation.ts), the one-at-a-time sidecar edits (sidecar-edit.ts) and the background drain
 * (sidecar-drain.ts), opened with the library and closed with it.
 */
import type { Db } from '../db/migrations.js';
import { Curation } from './curation.js';
import type { DiskOps } from './disk.js';
import type { LibraryItem } from './library-item.js';
import { SidecarDrain } from './sidecar-drain.js';
import { rowFavourite } from './favourite-bulk.js';
import { SidecarEdits, withCuration } from './sidecar-edit.js';

export interface CurationDeps {
  db: Db;
  disk: DiskOps;
  now: () => number;
  log: (line: string) => void;
  /** An item's file, library-relative, from the database; undefined when the item is gone. */
  fileOf: (id: string) => string | undefined;
  resolve: (rel: string) => string;
  closed: () => boolean;
}

export class LibraryCuration {
  readonly state: Curation;
  readonly sidecars: SidecarEdits;
  private readonly drain: SidecarDrain;

  constructor(private readonly deps: CurationDeps) {
    this.state = new Curation(deps.db, deps.now);
    this.sidecars = new SidecarEdits(deps.disk);
    this.drain = new SidecarDrain(this.state, (id, c) => this.write(id, c), deps.closed, deps.log);
  }

  /** Loads the state, takes what the sidecars read at this opening say, and starts the drain. */
  async open(fromSidecars: readonly LibraryItem[]): Promise<void> {
    await this.state.load();
    this.state.adopt(fromSidecars);
    void this.drain.kick();
    this.favourites = this.state.loadFavourites().catch((err: unknown) => {
      if (!this.deps.closed()) this.deps.log(`library: could not read the favourites (${String(err)}); the favourite filter asks the database`);
    });
  }

  private favourites: Promise<void> = Promise.resolve();

  private async write(id: string, c: ReturnType<Curation['of']>): Promise<boolean> {
    const file = this.deps.fileOf(id);
    if (!file) return false;
    // The favourite too, as the row has it: a bulk mark (favourite-bulk.ts) reaches the sidecar here.
    await this.sidecars.edit(this.deps.resolve(file), id, (item) => {
      const { favourite: _was, ...next } = withCuration(item, c);
      return rowFavourite(this.deps.db, id) ? { ...next, favourite: true } : next;
    });
    return true;
  }

  /** After an edit: its sidecars follow in the background. Settles once every lagging sidecar that could be written was. */
  follow(): Promise<void> {
    return this.drain.kick();
  }

  /** Stops the sidecars following until the answer is called (a library move: SidecarDrain.hold). */
  hold(): Promise<() => void> {
    return this.drain.hold();
  }

  async idle(): Promise<void> {
    await this.favourites;
    await this.drain.idle();
  }
}
