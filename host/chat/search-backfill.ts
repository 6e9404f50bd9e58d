/**
 * Indexes, at start, the conversations the chat search index does not hold as they are: ones
 * written before the index existed, or changed while it could not be written (docs/data.md,
 * "The chat search index"). In the background, in pages of WRITE_PAGE messages with the loop
 * given back between them (docs/house-rules.md); search scans the files until it is done.
 */
import type { Conversation } from './conversation-file.js';
import { WRITE_PAGE, type ChatSearchIndex } from './search-index.js';

export interface BackfillSource {
  /** The conversations listed, with the `updatedAt` their file has. */
  entries(): { id: string; updatedAt: number }[];
  /** The conversation as it is now, or undefined when it is gone or unreadable. */
  load(id: string): Promise<Conversation | undefined>;
  log(line: string): void;
}

const later = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Conversations checked against the index between two turns of the loop. */
const CHECK_PAGE = 500;

export class SearchBackfill {
  private stopped = false;
  ready = false;
  /** The longest page written on the loop, in ms (bench/chat-search.ts reports it beside the loop's stalls). */
  longestPageMs = 0;
  readonly done: Promise<void>;

  constructor(private readonly index: ChatSearchIndex, private readonly source: BackfillSource) {
    this.done = this.run().catch((err: unknown) => {
      // The scan stays in use: search still answers, more slowly.
      this.source.log(`chat: the search index could not be built: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private async run(): Promise<void> {
    await later();
    const listed = new Set(this.source.entries().map((e) => e.id));
    for (const id of this.index.conversations()) if (!listed.has(id)) this.index.remove(id);
    let checked = 0;
    for (const e of this.source.entries()) {
      if (this.stopped) return;
      if (++checked % CHECK_PAGE === 0) await later();
      if (this.index.indexedAt(e.id) === e.updatedAt) continue;
      const c = await this.source.load(e.id);
      if (!c || this.stopped) continue;
      // Saved meanwhile: the save indexed it.
      if (this.index.indexedAt(c.id) === c.updatedAt) continue;
      let started = performance.now();
      const step = this.index.stepper(c);
      for (;;) {
        const done = step(WRITE_PAGE);
        this.longestPageMs = Math.max(this.longestPageMs, performance.now() - started);
        if (done) break;
        await later();
        if (this.stopped) return;
        started = performance.now();
      }
      await later();
    }
    this.ready = !this.stopped;
  }
}
