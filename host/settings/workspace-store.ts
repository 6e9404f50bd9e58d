/**
 * The renderer's workspace (drafts, recent prompts, the open tab and conversation), kept by the
 * host in `<dataDir>/workspace.json` so it outlives a browser origin: the browser shell on another
 * port, another browser, a cleared cache (docs/architecture.md, "The workspace"). Writes are
 * coalesced (a draft changes at every key press), atomic and off the host's loop: a draft typed
 * while a reply streams was written with its fsync on the loop every 250 ms (coalesced-file.ts;
 * docs/robust-host.md, "Data files written off the loop"). A file that cannot be read is kept
 * aside and the studio starts with an empty workspace. Sizes are bounded: the page is untrusted
 * and must not fill the disk through it.
 */
import { z } from 'zod';
import { msg } from '@shared/messages/index.js';
import { atomicText, CoalescedFile } from '../coalesced-file.js';
import { coreError } from '../errors.js';
import { openStoreFile } from '../unreadable-file.js';

export const WORKSPACE_LIMITS = { entryBytes: 256 * 1024, totalBytes: 4 * 1024 * 1024, keys: 2000 };
const WRITE_AFTER_MS = 250;

const StoreFile = z.object({ version: z.literal(1), entries: z.record(z.string(), z.unknown()) });

export class WorkspaceStore {
  private entries = new Map<string, { json: string; value: unknown }>();
  private bytes = 0;
  private readonly writer: CoalescedFile;
  /** Why an unreadable file could not be kept aside: until it can, nothing is written over it. */
  private blocked = false;

  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
    onUnreadable: (backup: string | null) => void,
  ) {
    this.writer = new CoalescedFile({
      write: atomicText(file, () => JSON.stringify({ version: 1, entries: this.all() })),
      failure: (err) => new Error(`The workspace could not be saved: ${(err as Error).message}`),
      log,
      gatherMs: WRITE_AFTER_MS,
    });
    const opened = openStoreFile(file, (v) => StoreFile.parse(v).entries, { what: 'workspace', log, onUnreadable });
    for (const [key, value] of Object.entries(opened.value ?? {})) this.put(key, value);
    this.blocked = opened.blocked !== undefined;
  }

  all(): Record<string, unknown> {
    return Object.fromEntries([...this.entries].map(([k, e]) => [k, e.value]));
  }

  private put(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    this.bytes += json.length - (this.entries.get(key)?.json.length ?? 0);
    this.entries.set(key, { json, value });
  }

  /** Keeps `value` under `key` (null forgets it); refuses what would pass the limits. */
  set(key: string, value: unknown): Record<string, never> {
    if (value === null || value === undefined) {
      const old = this.entries.get(key);
      if (old) {
        this.bytes -= old.json.length;
        this.entries.delete(key);
        this.schedule();
      }
      return {};
    }
    const json = JSON.stringify(value);
    const grows = json.length - (this.entries.get(key)?.json.length ?? 0);
    const isNew = !this.entries.has(key);
    if (json.length > WORKSPACE_LIMITS.entryBytes || this.bytes + grows > WORKSPACE_LIMITS.totalBytes || (isNew && this.entries.size >= WORKSPACE_LIMITS.keys)) {
      throw coreError('invalid_input', msg('app.workspace.tooLarge'), 'value');
    }
    this.put(key, JSON.parse(json));
    this.schedule();
    return {};
  }

  private schedule(): void {
    if (!this.blocked) this.writer.later();
  }

  /** On close: what is waiting for its write is written now, and a write under way ends. */
  close(): Promise<void> {
    return this.writer.settle();
  }
}
