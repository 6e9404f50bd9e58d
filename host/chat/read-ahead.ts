/**
 * Reading the newest conversations ahead of the first open, a slice at a time. Opening a
 * 2,000-message conversation for the first time since the studio started spent most of its wait
 * in the host: the file's schema check, run cold (the first check of 2,000 messages took several
 * times what later ones take), then the copy sent to the page (docs/performance.md, "Long
 * chat"). The sidebar lists the newest conversations first, and they are the likely ones to open:
 * once the list has been asked for and the studio has had a moment, they are read and checked
 * here, a few messages per turn of the event loop, so no call waits behind the whole check. A
 * conversation asked for while its read is under way has the rest of it done at once.
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import type { StoredMessage } from './versions.js';
import { parseDataFile } from '../unreadable-file.js';
import { ConversationFile, StoredMessageFile, type Conversation } from './conversation-file.js';

/** The conversation file's fields but its messages, which are checked one by one. */
const Head = ConversationFile.extend({ messages: z.array(z.unknown()) });

/** How long one slice checks messages before it lets other work run. */
const SLICE_MS = 4;
/** Bigger files are left to be read when opened: parsing their JSON alone is one long block. */
const MAX_BYTES = 8_000_000;

/**
 * One conversation checked in slices: `step()` checks messages for about SLICE_MS and says
 * whether there are more. The result is what ConversationFile would give, or undefined when the
 * file is not a valid conversation (a read when it is opened then deals with it).
 */
export class SlicedRead {
  private messages: unknown[] = [];
  private checked: StoredMessage[] = [];
  private head: Omit<Conversation, 'messages'> | undefined;
  private failed = false;

  /** `now`: the clock a slice is timed by (milliseconds; tests give one of their own). */
  constructor(readonly id: string, json: unknown, private readonly now: () => number = () => performance.now()) {
    const head = Head.safeParse(json);
    if (!head.success || head.data.id !== id) {
      this.failed = true;
      return;
    }
    const { messages, ...rest } = head.data;
    this.messages = messages;
    this.head = rest;
  }

  /** Checks the next messages; true while some are left. */
  step(budgetMs = SLICE_MS): boolean {
    const until = this.now() + budgetMs;
    while (!this.failed && this.checked.length < this.messages.length) {
      // As the file's own check reads a turn: its hidden versions and their branches kept (versions.ts).
      const m = StoredMessageFile.safeParse(this.messages[this.checked.length]);
      if (!m.success) this.failed = true;
      else this.checked.push(m.data);
      // Every few messages: reading the clock for each costs more than a small message's check.
      if (this.checked.length % 16 === 0 && this.now() >= until) break;
    }
    return !this.failed && this.checked.length < this.messages.length;
  }

  /** The whole conversation: its remaining messages checked now. */
  finish(): Conversation | undefined {
    while (this.step(Number.POSITIVE_INFINITY));
    return this.failed || !this.head ? undefined : { ...this.head, messages: this.checked };
  }
}

/** The file of a conversation, parsed as JSON, or undefined when it cannot be (it is read again when opened). */
export function readJson(file: string): unknown {
  try {
    if (statSync(file).size > MAX_BYTES) return undefined;
    return parseDataFile(readFileSync(file));
  } catch {
    return undefined;
  }
}

export interface ReadAheadDeps {
  /** The conversations to read, newest first, leaving out those already in memory. */
  wanted(): string[];
  /** The JSON of a conversation's file (readJson). */
  json(id: string): unknown;
  /** A conversation read and checked: kept in memory, unless it changed or went meanwhile. */
  done(c: Conversation): void;
  /** Runs `task` after other pending work (setImmediate; tests step by hand). */
  later(task: () => void): void;
  /** The clock slices are timed by (performance.now unless a test gives its own). */
  now?: () => number;
}

/** Reads the conversations `wanted` names, one after another, a slice per turn of the event loop. */
export class ReadAhead {
  private current: SlicedRead | undefined;
  private queue: string[] = [];
  private stopped = false;

  constructor(private readonly d: ReadAheadDeps) {}

  start(): void {
    this.queue = this.d.wanted();
    this.d.later(() => this.next());
  }

  stop(): void {
    this.stopped = true;
    this.current = undefined;
    this.queue = [];
  }

  /** The conversation `id` if it is being read: finished now (undefined: not being read, or not valid). */
  take(id: string): Conversation | undefined {
    this.queue = this.queue.filter((q) => q !== id);
    if (this.current?.id !== id) return undefined;
    const read = this.current;
    this.current = undefined;
    this.d.later(() => this.next());
    return read.finish();
  }

  private next(): void {
    if (this.stopped) return;
    if (!this.current) {
      const id = this.queue.shift();
      if (id === undefined) return;
      const json = this.d.json(id);
      if (json !== undefined) this.current = new SlicedRead(id, json, this.d.now);
      this.d.later(() => this.next());
      return;
    }
    if (this.current.step()) {
      this.d.later(() => this.next());
      return;
    }
    const c = this.current.finish();
    this.current = undefined;
    if (c) this.d.done(c);
    this.d.later(() => this.next());
  }
}
