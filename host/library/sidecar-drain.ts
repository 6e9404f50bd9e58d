/**
 * Brings the sidecars of lagging items (curation.ts) up to the database's curation, in the
 * background: a page of items at a time, the loop given back between pages, and resumed at the
 * next start from the rows still lagging (docs/library-files.md, "Curation"). An item whose
 * sidecar cannot be written stays lagging and is tried again at the next start.
 */
import type { Curation, Curated } from './curation.js';

const PAGE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SidecarDrain {
  private running: Promise<void> | undefined;
  private again = false;
  /** Holds on the drain (a library move under way): it writes nothing while any is held. */
  private holds = 0;

  constructor(
    private readonly curation: Curation,
    /** Writes the item's curation into its sidecar; false when the item is gone (nothing to write). */
    private readonly write: (id: string, curated: Curated) => Promise<boolean>,
    private readonly stopped: () => boolean,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts draining (or drains again after the pass under way); settles when nothing lags that could be written. */
  kick(): Promise<void> {
    if (this.holds > 0) {
      // Drained once the hold is let go.
      this.again = true;
      return Promise.resolve();
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Stops writing sidecars until the answer is called, once the write in flight ended: a move of
   * the library copies the sidecars, and one written in the old folder after its copy was made
   * would settle its lag there and leave the copy behind it (docs/library-files.md, "Curation").
   * What still lags is written once let go, or by the library opened in the new folder.
   */
  async hold(): Promise<() => void> {
    this.holds++;
    await this.running;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds--;
      if (this.holds === 0 && this.again) void this.kick();
    };
  }

  /** The drain under way, if any. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      let after = '';
      for (;;) {
        await nextTurn();
        if (this.stopped()) return;
        if (this.holds > 0) {
          this.again = true;
          return;
        }
        const page = this.curation.lagging(after, PAGE);
        if (page.length === 0) break;
        for (const { id } of page) {
          if (this.stopped()) return;
          if (this.holds > 0) {
            this.again = true;
            return;
          }
          // Read together with the state written: a later edit keeps the item lagging.
          const edit = this.curation.lastEdit;
          try {
            await this.write(id, this.curation.of(id));
            if (this.stopped()) return;
            this.curation.settle(id, edit);
          } catch (err) {
            this.log(`library: could not write the curation of ${id} into its sidecar (${String(err)}); tried again at the next start`);
          }
        }
        after = page[page.length - 1].id;
      }
    } while (this.again);
  }
}
