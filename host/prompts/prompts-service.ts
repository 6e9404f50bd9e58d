/**
 * The prompt library (docs/prompts.md): saved prompts, searched, imported and exported, and what
 * each produced. The page tells which jobs, reply or items a submission of a prompt made
 * (`prompts.link`); the items those jobs save later are added here as each job ends, so a prompt's results follow its jobs without the page waiting for them.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportReport, PromptFields as PromptFieldsInput, PromptView } from '@shared/contract/prompts.js';
import { PromptFields } from '@shared/contract/prompts.js';
import type { TakeOutcome } from '@shared/contract/library.js';
import type { LanguageSetting } from '@shared/languages.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { GatewayFailure } from '../gateway/failure.js';
import { writeFailure } from '../library/take-out.js';
import type { CorePorts } from '../ports.js';
import { exportHead, exportRecord, parseImport } from './prompt-file.js';
import type { PromptsTable } from './prompts-table.js';

export interface PromptsDeps {
  table: PromptsTable;
  ports: Pick<CorePorts, 'dataDir' | 'chooseSavePath' | 'offerDownload'>;
  language(): LanguageSetting;
  now(): number;
  /** The library items a job saved so far (its downloads), when the job is still known. */
  jobItems(jobId: string): string[];
  onChange(id?: string): void;
}

/** Prompts written per transaction on import: each page a few milliseconds of the loop. */
const IMPORT_PAGE = 250;

export type SaveInput = PromptFieldsInput & { id?: string };

export class PromptsService {
  constructor(private readonly d: PromptsDeps) {}

  list(o: { query?: string; tag?: string; offset?: number; limit?: number }) {
    const found = this.d.table.search({ query: o.query, tag: o.tag, offset: o.offset ?? 0, limit: o.limit ?? 50 });
    return { ...found, tags: this.d.table.tags() };
  }

  get(id: string): PromptView {
    const p = this.d.table.get(id);
    if (!p) throw coreError('not_found', msg('prompts.notFound'));
    return p;
  }

  save(input: SaveInput): PromptView {
    const fields = PromptFields.parse(input);
    const now = this.d.now();
    const old = input.id ? this.d.table.get(input.id) : undefined;
    if (input.id && !old) throw coreError('not_found', msg('prompts.notFound'));
    const id = old?.id ?? randomUUID();
    const tags = [...new Set(fields.tags)];
    this.d.table.put({ id, ...fields, tags, createdAt: old?.createdAt ?? now, updatedAt: now });
    this.d.onChange(id);
    return this.get(id);
  }

  remove(id: string): { removed: boolean } {
    const removed = this.d.table.get(id) !== undefined && this.d.table.remove(id, this.d.now());
    if (removed) this.d.onChange(id);
    return { removed };
  }

  restore(id: string): PromptView {
    if (!this.d.table.restore(id) && !this.d.table.get(id)) throw coreError('not_found', msg('prompts.notFound'));
    this.d.onChange(id);
    return this.get(id);
  }

  link(i: { id: string; jobIds?: string[]; replyId?: string; itemIds?: string[] }): { linked: number } {
    this.get(i.id);
    const refs = [
      ...(i.jobIds ?? []).map((ref) => ({ kind: 'job' as const, ref })),
      ...(i.replyId ? [{ kind: 'reply' as const, ref: i.replyId }] : []),
      ...[...(i.itemIds ?? []), ...(i.jobIds ?? []).flatMap((j) => this.d.jobItems(j))].map((ref) => ({ kind: 'item' as const, ref })),
    ];
    const linked = this.d.table.link(i.id, refs, this.d.now());
    if (linked) this.d.onChange(i.id);
    return { linked };
  }

  /** A job ended: the items it saved belong to the prompts it was made from. */
  jobEnded(jobId: string, itemIds: readonly string[]): void {
    if (!itemIds.length) return;
    for (const promptId of this.d.table.promptsOf('job', jobId)) {
      for (const itemId of itemIds) this.d.table.addItem(promptId, itemId, this.d.now());
      this.d.onChange(promptId);
    }
  }

  /** The item ids, jobs and replies linked to a prompt, newest first. */
  results(id: string): { itemIds: string[]; jobs: number; replies: number } {
    this.get(id);
    const links = this.d.table.links(id);
    return {
      itemIds: links.filter((l) => l.kind === 'item').map((l) => l.ref),
      jobs: links.filter((l) => l.kind === 'job').length,
      replies: links.filter((l) => l.kind === 'reply').length,
    };
  }

  async import(text: string): Promise<ImportReport> {
    const parsed = await parseImport(text);
    const report: ImportReport = { added: 0, updated: 0, unchanged: 0, skipped: parsed.skipped };
    const t = this.d.table;
    for (let at = 0; at < parsed.prompts.length; at += IMPORT_PAGE) {
      if (at) await nextTurn();
      t.db.transaction(() => {
        for (const p of parsed.prompts.slice(at, at + IMPORT_PAGE)) {
          const now = this.d.now();
          const tags = [...new Set(p.fields.tags)];
          const old = p.id ? t.get(p.id, true) : undefined;
          if (old) {
            const same = old.title === p.fields.title && old.text === p.fields.text && old.description === p.fields.description
              && JSON.stringify(old.tags) === JSON.stringify(tags) && JSON.stringify(old.presets) === JSON.stringify(p.fields.presets);
            // The library's copy stays unless the file's is newer; a removed one comes back.
            const newer = !same && (p.updatedAt ?? 0) > old.updatedAt;
            if (newer) t.put({ id: old.id, ...p.fields, tags, createdAt: old.createdAt, updatedAt: now });
            else if (!t.get(old.id)) t.restore(old.id);
            else {
              report.unchanged++;
              continue;
            }
            report.updated++;
            continue;
          }
          if (t.sameAs(p.fields.title, p.fields.text)) {
            report.skipped.push({ index: p.index, title: p.fields.title, reason: msg('prompts.import.duplicate') });
            continue;
          }
          t.put({ id: p.id ?? randomUUID(), ...p.fields, tags, createdAt: now, updatedAt: p.updatedAt && p.updatedAt < now ? p.updatedAt : now });
          report.added++;
        }
      })();
    }
    report.skipped.sort((a, b) => a.index - b.index);
    if (report.added || report.updated) this.d.onChange();
    return report;
  }

  async export(ids?: readonly string[]): Promise<TakeOutcome> {
    const stamp = new Date(this.d.now()).toISOString().slice(0, 16).replace(/[T:]/g, '-');
    const name = `gateway-studio-prompts-${stamp}.json`;
    const { chooseSavePath, offerDownload } = this.d.ports;
    if (chooseSavePath) {
      const target = await chooseSavePath({ defaultName: name, kind: 'json', language: this.d.language() });
      if (!target) return { outcome: 'cancelled' };
      const { count, bytes } = await this.writeTo(target, ids);
      return { outcome: 'saved', name: basename(target), bytes, count };
    }
    if (offerDownload) {
      const folder = join(this.d.ports.dataDir, 'exports');
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
      } catch (err) {
        throw writeFailure(err, folder, 'export');
      }
      const path = join(folder, `${randomUUID()}.json`);
      const { count, bytes } = await this.writeTo(path, ids);
      const url = offerDownload({ path, name, type: 'application/json', temporary: true });
      return { outcome: 'download', url, name, bytes, count };
    }
    throw coreError('invalid_request', msg('files.unavailable'));
  }

  /** The file, read a page at a time with the loop given back, into a hidden temp renamed once whole. */
  private async writeTo(target: string, ids?: readonly string[]): Promise<{ count: number; bytes: number }> {
    const parts: string[] = [];
    let after = 0;
    for (;;) {
      const page = this.d.table.page(after, 500, ids);
      parts.push(...page.map((r) => JSON.stringify(exportRecord(r.prompt), null, 2).replace(/^/gm, '    ')));
      if (page.length < 500) break;
      after = page[page.length - 1].seq;
      await nextTurn();
    }
    const head = exportHead(this.d.now());
    const text = `${head.slice(0, -1)},\n  "prompts": [\n${parts.join(',\n')}\n  ]\n}\n`;
    const folder = dirname(target);
    const temp = join(folder, `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
    try {
      await writeFile(temp, text, { flag: 'wx', mode: 0o600 });
      const { size } = await stat(temp);
      await rename(temp, target);
      return { count: parts.length, bytes: size };
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      if (err instanceof GatewayFailure) throw err;
      throw writeFailure(err, folder, 'export');
    }
  }
}
