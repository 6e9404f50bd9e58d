/**
 * The gateway's rewritten prompts (`actualPrompt`, position 11 of an item's details,
 * index-columns.ts), kept for the search (docs/library-files.md, "Search"). The details of most
 * rows stay in the database until their item is handed out, so the rewritten prompts are read
 * from there in one pass by rowid, a page per turn of the loop, after the opening; a save puts
 * its own. Only items that have one are held, so a library without any costs nothing.
 */
import { buildHaystack, buildHaystackInSlices, type Haystack } from './index-search.js';

/** The rows after `afterRowid` that hold a rewritten prompt, up to `limit`: [rowid, id, text]. */
export type RewrittenPage = (afterRowid: number, limit: number) => [number, string, string][];

const PAGE = 2_000;

export class RewrittenPrompts {
  private readonly byId = new Map<string, string>();
  /** Ids put or removed since the reading began: what the database said of them before is stale. */
  private touched: Set<string> | undefined = new Set();
  private reading: Promise<void> | undefined;

  constructor(private readonly page: RewrittenPage) {}

  get size(): number {
    return this.byId.size;
  }

  /** Reads them all from the database, a page per `pause`. */
  fill(pause: () => Promise<void>): Promise<void> {
    this.reading ??= (async () => {
      for (let after = 0; this.touched; ) {
        const rows = this.page(after, PAGE);
        this.take(rows);
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1][0];
        await pause();
      }
      this.touched = undefined;
    })();
    return this.reading;
  }

  /** The rest of the reading at once (a search before it was done). */
  fillNow(): void {
    if (!this.touched) return;
    for (let after = 0; ; ) {
      const rows = this.page(after, 50_000);
      this.take(rows);
      if (rows.length < 50_000) break;
      after = rows[rows.length - 1][0];
    }
    this.touched = undefined;
  }

  private take(rows: [number, string, string][]): void {
    for (const [, id, text] of rows) if (!this.touched?.has(id) && typeof text === 'string' && text !== '') this.byId.set(id, text);
  }

  set(id: string, text: string | undefined): void {
    this.touched?.add(id);
    if (text) this.byId.set(id, text);
    else this.byId.delete(id);
  }

  /** Forgets every one (the index loaded anew); the database is read again. */
  reset(): void {
    this.byId.clear();
    this.touched = new Set();
    this.reading = undefined;
  }

  /** One line per row of `ids`, '' for rows without one; undefined when no item has one. */
  haystack(ids: readonly string[]): Haystack | undefined {
    this.fillNow();
    const lines = this.lines(ids);
    return lines && buildHaystack(lines);
  }

  /** The same, made a slice at a time (index-search.ts) once the reading is done: after the opening. */
  async haystackInSlices(ids: readonly string[], pause: () => Promise<void>): Promise<Haystack | undefined> {
    await this.fill(pause);
    const lines = this.lines(ids);
    return lines && buildHaystackInSlices(lines, pause);
  }

  private lines(ids: readonly string[]): string[] | undefined {
    if (this.byId.size === 0) return undefined;
    const lines = new Array<string>(ids.length);
    for (let i = 0; i < ids.length; i++) lines[i] = this.byId.get(ids[i]) ?? '';
    return lines;
  }
}
