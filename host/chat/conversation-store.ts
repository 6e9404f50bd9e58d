/**
 * Conversations on disk: one `<id>.json` per conversation plus `index.json` with the summaries,
 * each replaced atomically (temp, fsync, rename), so a kill at any moment leaves a whole file,
 * and off the event loop (coalesced-file.ts): a reply is saved every second while it streams, and
 * a conversation of megabytes held the host for its whole write each time. `save` writes within
 * 50 ms and logs a refusal; `saveDurable` resolves once the change is on disk, or throws a message
 * for the creator (docs/robust-host.md, "Data files written off the loop").
 * Opening reads only the index and the files it cannot vouch for: ones it does not list, and
 * ones that had a reply streaming (their `streaming` flag is written before the reply starts).
 * A file that fails validation is kept as a dated backup beside it (never read or written again),
 * reported through `onUnreadable`, and the rest still load (docs/security.md).
 */
import { msg } from '@shared/messages/index.js';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { removeStaleTemps } from '../atomic-file.js';
import { atomicText, CoalescedFile } from '../coalesced-file.js';
import { coreError, dataWriteError } from '../errors.js';
import { ConversationFile, CONVERSATION_ID, entryOf, IndexFile, markedEntry, recoverStreaming, type Conversation, type IndexEntry } from './conversation-file.js';
import type { SearchHit } from './search.js';
import { ConversationSearch } from './conversation-search.js';
import type { ChatSearchIndex } from './search-index.js';
import { SearchBackfill } from './search-backfill.js';
import { keepUnreadable, parseDataFile, readDataFile } from '../unreadable-file.js';
import { ReadAhead, readJson } from './read-ahead.js';

const INDEX = 'index.json';
/** How many of the newest conversations are read before they are opened, and when (readAhead). */
const READ_AHEAD_COUNT = 4;
const READ_AHEAD_AFTER_MS = 300;
const errnoOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err instanceof SyntaxError ? 'damaged JSON' : String(err));
const sameEntry = (a: IndexEntry | undefined, b: IndexEntry) => !!a && JSON.stringify(a) === JSON.stringify(b);

export class ConversationStore {
  private readonly entries = new Map<string, IndexEntry>();
  /** Recently used conversations (oldest first); ones with a running reply are never dropped. */
  private readonly cache = new Map<string, Conversation>();
  private readonly pinned = new Set<string>();
  /** The newest conversations being read before they are opened (read-ahead.ts). */
  private ahead: ReadAhead | undefined;
  private aheadTimer: NodeJS.Timeout | undefined;
  private readonly index: CoalescedFile;
  /**
   * The conversations with a write waiting or under way, each with the copy it writes (which the
   * cache may have dropped meanwhile); one leaves once its file is written.
   */
  private readonly writing = new Map<string, { c: Conversation; file: CoalescedFile }>();
  /** Indexes the conversations the search index does not hold as they are, once, at start. */
  private backfill: SearchBackfill | undefined;

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
    /** A file was kept aside (its backup's name, null when the disk refused): the creator is told. */
    private readonly onUnreadable: (file: 'conversation' | 'conversation index', backup: string | null) => void = () => undefined,
    private readonly cacheSize = 16,
    /** The chat search index in the studio database (search-index.ts); without it, search scans the files. */
    private readonly searchIndex?: ChatSearchIndex,
  ) {
    this.index = this.writer(path.join(dir, INDEX), () => JSON.stringify({ version: 2, conversations: [...this.entries.values()] }));
  }

  private writer(file: string, text: () => string, written?: () => void): CoalescedFile {
    return new CoalescedFile({
      write: atomicText(file, text),
      written,
      failure: (err) => {
        this.log(`chat: could not write ${path.basename(file)}: ${errnoOf(err)}`);
        return dataWriteError(msg('jobs.dataWrite.conversation'), err, this.dir);
      },
      log: this.log,
    });
  }

  /** The writer of a conversation's file, which writes `c` from now on. */
  private fileOf(c: Conversation): CoalescedFile {
    const known = this.writing.get(c.id);
    if (known) {
      known.c = c;
      return known.file;
    }
    const entry: { c: Conversation; file: CoalescedFile } = { c, file: this.writer(this.file(c.id), () => JSON.stringify(entry.c), () => this.settled(c.id)) };
    this.writing.set(c.id, entry);
    return entry.file;
  }

  /**
   * Forgets a conversation's writer once its file is written and nothing waits in it (it holds the
   * conversation); one whose write failed stays, so closing tries it again.
   */
  private settled(id: string): void {
    const w = this.writing.get(id);
    if (w && !w.file.busy) this.writing.delete(id);
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  open(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    removeStaleTemps(this.dir);
    let known: IndexEntry[] | undefined;
    try {
      const found = readDataFile(path.join(this.dir, INDEX));
      const parsed = found && IndexFile.safeParse(found.value);
      // A version 1 index was written before placeholders were marked: its entries are marked now.
      if (parsed?.success) known = parsed.data.version === 1 ? parsed.data.conversations.map(markedEntry) : parsed.data.conversations;
      else if (parsed) {
        this.log('chat: the conversation index is not valid; rebuilding it from the conversation files');
        this.setAside(INDEX, 'conversation index');
      }
    } catch (err) {
      this.log(`chat: the conversation index could not be read (${errnoOf(err)}); rebuilding it`);
      this.setAside(INDEX, 'conversation index');
    }
    const onDisk = new Set(readdirSync(this.dir).filter((f) => f.endsWith('.json') && f !== INDEX).map((f) => f.slice(0, -5)).filter((id) => CONVERSATION_ID.test(id)));
    let changed = known === undefined;
    const recovered: Conversation[] = [];
    for (const e of known ?? []) {
      if (onDisk.has(e.id)) this.entries.set(e.id, e);
      else changed = true;
    }
    for (const id of onDisk) {
      const entry = this.entries.get(id);
      if (entry && !entry.streaming) continue;
      const c = this.read(id);
      if (!c) {
        this.entries.delete(id);
        changed = true;
        continue;
      }
      if (recoverStreaming(c)) recovered.push(c);
      if (!sameEntry(entry, entryOf(c))) changed = true;
      this.entries.set(id, entryOf(c));
    }
    // The recovered files first: an index that no longer says "streaming" vouches for them.
    if (recovered.length || changed) void this.written(recovered, changed);
    for (const c of recovered) this.indexed(c);
    if (this.searchIndex) {
      this.backfill = new SearchBackfill(this.searchIndex, {
        entries: () => this.list(),
        load: (id) => this.peek(id),
        log: this.log,
      });
    }
  }

  /** Resolves once the search index holds every conversation as it is (tests and the bench wait for it). */
  /** The longest page the index's build wrote on the loop, in ms (bench/chat-search.ts). */
  get searchPageMs(): number {
    return this.backfill?.longestPageMs ?? 0;
  }

  async searchReady(): Promise<boolean> {
    await this.backfill?.done;
    return !!this.backfill?.ready;
  }

  /** Keeps the search index in step with a change; a refusal is logged, and the next start indexes it again. */
  private indexed(c: Conversation): void {
    try {
      this.searchIndex?.sync(c);
    } catch (err) {
      this.log(`chat: could not index conversation ${c.id} for search: ${errnoOf(err)}`);
    }
  }

  /** The conversation in memory or read from its file, without keeping it. */
  private async peek(id: string): Promise<Conversation | undefined> {
    const held = this.held(id);
    if (held) return held;
    const bytes = await readFile(this.file(id)).catch(() => undefined);
    const parsed = bytes === undefined ? undefined : this.parse(id, bytes);
    return typeof parsed === 'string' ? undefined : parsed;
  }

  /** The conversation in `bytes`, or why not. */
  private parse(id: string, bytes: Uint8Array): Conversation | string {
    try {
      const parsed = ConversationFile.safeParse(parseDataFile(bytes));
      if (parsed.success && parsed.data.id === id) return parsed.data;
      return 'its file is not a valid conversation';
    } catch (err) {
      return errnoOf(err);
    }
  }

  /** The conversation, or undefined; a file that is there but unreadable is kept aside and reported. */
  private read(id: string): Conversation | undefined {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file(id));
    } catch (err) {
      this.log(`chat: skipped conversation ${id}: ${errnoOf(err)}`);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.setAside(`${id}.json`, 'conversation');
      return undefined;
    }
    const c = this.parse(id, bytes);
    if (typeof c !== 'string') return c;
    this.log(`chat: skipped conversation ${id}: ${c}`);
    this.setAside(`${id}.json`, 'conversation');
    return undefined;
  }

  /** Moves a file of this folder aside as a dated backup, so it is never read or written over again. */
  private setAside(name: string, file: 'conversation' | 'conversation index'): void {
    let backup: string | null = null;
    try {
      backup = keepUnreadable(path.join(this.dir, name));
      this.log(`chat: kept ${name} as ${backup}`);
    } catch (err) {
      // Left in place: a conversation's id is never reused, so nothing writes over its file; the
      // index only summarizes the files and is rebuilt from them.
      this.log(`chat: could not keep ${name} aside: ${errnoOf(err)}`);
    }
    this.onUnreadable(file, backup);
  }

  /**
   * Writes the conversations, then (when `index`) the index; a refusal is logged by the writer and
   * tried again with the next change.
   */
  private async written(conversations: Conversation[], index: boolean): Promise<void> {
    await Promise.all(conversations.map((c) => this.fileOf(c).flush())).catch(() => undefined);
    if (index) await this.index.flush().catch(() => undefined);
  }

  /** The conversation in memory: cached, or still being written (then newer than its file). */
  private held(id: string): Conversation | undefined {
    return this.cache.get(id) ?? this.writing.get(id)?.c;
  }

  private remember(c: Conversation): void {
    this.cache.delete(c.id);
    this.cache.set(c.id, c);
    for (const id of this.cache.keys()) {
      if (this.cache.size <= this.cacheSize) break;
      if (!this.pinned.has(id)) this.cache.delete(id);
    }
  }

  /**
   * Newest first. The sidebar asks for this list first: the newest conversations, the likely ones
   * to open, are then read ahead of their first open once the first screen has had its turn.
   */
  list(): IndexEntry[] {
    this.readAhead(READ_AHEAD_COUNT, READ_AHEAD_AFTER_MS);
    return [...this.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The index's entry of one conversation, if it is here. */
  entry(id: string): IndexEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /**
   * Reads the `count` newest conversations not in memory, in slices, `afterMs` from now (once:
   * later calls do nothing). Their first open then skips the file's read and check (read-ahead.ts).
   */
  readAhead(count: number, afterMs: number): void {
    if (this.aheadTimer || this.ahead) return;
    this.aheadTimer = setTimeout(() => {
      this.ahead = new ReadAhead({
        wanted: () => this.list().slice(0, count).map((e) => e.id).filter((id) => !this.held(id)),
        json: (id) => readJson(this.file(id)),
        // Not when it was saved (so it is in memory, newer) or removed meanwhile.
        done: (c) => {
          if (this.entries.has(c.id) && !this.held(c.id)) this.remember(c);
        },
        later: (task) => void setImmediate(task),
      });
      this.ahead.start();
    }, afterMs);
    // Nothing to wait for when the studio closes (and nothing is written: stopping it is not needed).
    this.aheadTimer.unref();
  }

  get(id: string): Conversation {
    if (!this.entries.has(id)) throw coreError('not_found', msg('chat.conversation.gone'));
    const cached = this.held(id);
    if (cached) {
      this.remember(cached);
      return cached;
    }
    const c = this.ahead?.take(id) ?? this.read(id);
    if (!c) {
      // Kept aside for the creator to inspect (read() did it), and no longer listed.
      this.entries.delete(id);
      void this.written([], true);
      throw coreError('not_found', msg('chat.conversation.damaged'));
    }
    this.remember(c);
    return c;
  }

  /**
   * Keeps a conversation and writes it off the event loop, with the index when its summary
   * changed; resolves once both are on disk, or rejects with a message for the creator. When a
   * reply starts the index (with its `streaming` flag) goes first, so a kill mid-reply is always
   * found at start; otherwise the file goes first, so the index never vouches for a file not yet
   * written.
   */
  async saveDurable(c: Conversation, texts = true): Promise<void> {
    const entry = entryOf(c);
    const before = this.entries.get(c.id);
    this.entries.set(c.id, entry);
    this.remember(c);
    // `texts: false`: no text changed (another version shown: the index holds every version already).
    if (texts) this.indexed(c);
    const file = this.fileOf(c);
    if (entry.streaming && !before?.streaming) {
      await this.index.flush();
      await file.flush();
    } else {
      await file.flush();
      if (!sameEntry(before, entry)) await this.index.flush();
    }
  }

  /** Keeps a conversation and writes it as saveDurable does, without waiting: a refusal is logged and tried again with the next change. */
  save(c: Conversation, texts = true): void {
    // Logged by the writer (its `failure`).
    this.saveDurable(c, texts).catch(() => undefined);
  }

  /**
   * Forgets a conversation and removes its file; resolves once the index on disk has forgotten it
   * too. A write of it waiting or under way ends first, so none lands after the removal, and the
   * file goes before the index: a kill between the two leaves an index entry without a file,
   * which the next start drops, rather than a file the index does not list, which it would read
   * back in.
   */
  async remove(id: string): Promise<void> {
    if (!this.entries.delete(id)) return;
    this.cache.delete(id);
    this.pinned.delete(id);
    const w = this.writing.get(id);
    this.writing.delete(id);
    try {
      this.searchIndex?.remove(id);
    } catch (err) {
      this.log(`chat: could not drop conversation ${id} from the search index: ${errnoOf(err)}`);
    }
    await w?.file.stop();
    await rm(this.file(id), { force: true });
    await this.index.flush();
  }

  /** Resolves once every change is on disk (as the studio closes); refusals are logged. */
  async close(): Promise<void> {
    this.backfill?.stop();
    await this.written([...this.writing.values()].map((w) => w.c), true);
  }

  /** Keeps a conversation in memory while a reply writes into it. */
  pin(id: string, on: boolean): void {
    if (on) this.pinned.add(id);
    else this.pinned.delete(id);
  }

  /** Titles and message text, newest first (conversation-search.ts). */
  search(query: string): Promise<ConversationSummary[]> {
    return this.finder.list(query);
  }

  /** The messages that hold `query`, newest first, in one conversation or in all of them. */
  hits(query: string, o: { conversationId?: string; limit: number }): Promise<SearchHit[]> {
    if (o.conversationId !== undefined && !this.entries.has(o.conversationId)) throw coreError('not_found', msg('chat.conversation.gone'));
    return this.finder.hits(query, o);
  }

  private readonly finder = new ConversationSearch({
    index: () => (this.backfill?.ready ? this.searchIndex : undefined),
    list: () => this.list(),
    load: (id) => this.peek(id),
  });
}
