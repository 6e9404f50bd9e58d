/**
 * A whole conversation as one JSON file and back (docs/data.md, "Conversation export"): the
 * stored conversation object exactly as kept, never rebuilt field by field (so fields added later,
 * such as a message's versions, go with it), and every attachment file it refers to, embedded as
 * base64 under its library path. An import checks everything before it writes anything: the JSON,
 * the format and its version, the conversation (the schema the store reads files with), and each
 * file's name, claimed size and bytes; only then are the files written and the conversation added.
 */
import { msg, type Message } from '@shared/messages/index.js';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CHAT_IMPORT_MAX_BYTES } from '@shared/contract/chat-organise.js';
import { sniff } from '@media/sniff.js';
import { coreError } from '../errors.js';
import { CHAT_IMAGE_FILE, filesOf } from './chat-images.js';
import { ConversationFile, recoverStreaming, type Conversation } from './conversation-file.js';
import { safeFileName } from './markdown-export.js';
import { shownOnly } from './versions.js';

export const EXPORT_FORMAT = 'gateway-studio.conversation';
/** Raised when the file's shape changes; an import refuses a newer one rather than guess at it. */
export const EXPORT_VERSION = 1;
/** A chat attachment that is not an image (a document): a `chat-…` folder and a plain text or PDF type. */
const CHAT_DOCUMENT_FILE = /^chat-[a-z]{1,24}\/[A-Za-z0-9-]{1,64}\.(pdf|txt|md|csv|json)$/;
const FILES_MAX = 1000;
const MB = 1024 * 1024;

const FileEntry = z.object({ file: z.string().max(200), size: z.number(), data: z.string() });
const Envelope = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number() });
const ExportFile = z.object({ format: z.literal(EXPORT_FORMAT), version: z.literal(EXPORT_VERSION), conversation: z.unknown(), files: z.array(FileEntry).max(FILES_MAX) });

export interface JsonExport { fileName: string; json: string }

/**
 * The conversation and its files as one JSON text; a file no longer in the library is left out
 * (its message still names it). `shown`: only the branch shown, without the other versions of its
 * turns (docs/chat-versions.md); otherwise the conversation whole, as kept.
 */
export async function exportJson(stored: Conversation, root: string, branches: 'shown' | 'all' = 'all'): Promise<JsonExport> {
  const c = branches === 'shown' ? { ...stored, messages: shownOnly(stored.messages) } : stored;
  const files: z.infer<typeof FileEntry>[] = [];
  for (const file of filesOf(c.messages)) {
    if (!safeName(file)) continue;
    const bytes = await readFile(path.join(root, ...file.split('/'))).catch(() => undefined);
    if (bytes) files.push({ file, size: bytes.length, data: bytes.toString('base64') });
  }
  const json = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, conversation: c, files }, null, 2);
  return { fileName: safeFileName(c.title).replace(/\.md$/, '.json'), json };
}

export interface ImportDeps {
  root: string;
  /** An id already listed: the import takes a new one. */
  has(id: string): boolean;
  /** Adds the conversation; resolves once it is on disk. */
  save(c: Conversation): Promise<void>;
}

const refused = (message: Message): never => {
  throw coreError('invalid_input', message, 'data');
};
const detailOf = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 200);
const safeName = (file: string) => CHAT_IMAGE_FILE.test(file) || CHAT_DOCUMENT_FILE.test(file);

/** Checks the file whole, then writes its attachments and adds the conversation; nothing is left behind when any step fails. */
export async function importJson(data: Uint8Array, d: ImportDeps): Promise<{ conversation: Conversation; renamedFiles: number }> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch (err) {
    return refused(msg('chat.transfer.notJson', { detail: detailOf(err) }));
  }
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) return refused(msg('chat.transfer.notExport'));
  if (envelope.data.version !== EXPORT_VERSION) {
    if (envelope.data.version > EXPORT_VERSION) return refused(msg('chat.transfer.newerVersion', { version: String(envelope.data.version) }));
    return refused(msg('chat.transfer.notExport'));
  }
  const whole = ExportFile.safeParse(raw);
  if (!whole.success) return refused(msg('chat.transfer.invalid', { detail: issueOf(whole.error) }));
  const parsed = ConversationFile.safeParse(whole.data.conversation);
  if (!parsed.success) return refused(msg('chat.transfer.invalid', { detail: issueOf(parsed.error) }));
  const c = parsed.data;
  const files = await checkedFiles(whole.data.files, filesOf(c.messages));

  if (d.has(c.id)) c.id = randomUUID();
  // A name already in the library (the same export imported twice) gets a new one: removing
  // either conversation deletes its files, so two never share one.
  const renamed = new Map<string, string>();
  for (const f of files) {
    if (existsSync(path.join(d.root, ...f.file.split('/')))) renamed.set(f.file, `${path.posix.dirname(f.file)}/${randomUUID()}${path.posix.extname(f.file)}`);
  }
  if (renamed.size) c.messages = renameFiles(c.messages, renamed);
  recoverStreaming(c);

  const written: string[] = [];
  try {
    for (const f of files) {
      const abs = path.join(d.root, ...(renamed.get(f.file) ?? f.file).split('/'));
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, f.bytes, { flag: 'wx' });
      written.push(abs);
    }
  } catch (err) {
    await removeAll(written);
    return refused(msg('chat.transfer.writeFailed', { detail: (err as NodeJS.ErrnoException).code ?? detailOf(err) }));
  }
  try {
    await d.save(c);
  } catch (err) {
    await removeAll(written);
    throw err;
  }
  return { conversation: c, renamedFiles: renamed.size };
}

/** Each embedded file decoded, once it is known to be one the conversation names, of a safe name and the size it claims. */
async function checkedFiles(entries: z.infer<typeof FileEntry>[], named: Set<string>): Promise<{ file: string; bytes: Buffer }[]> {
  const seen = new Set<string>();
  const out: { file: string; bytes: Buffer }[] = [];
  for (const e of entries) {
    const bad = (detail: string) => refused(msg('chat.transfer.badFile', { file: e.file.slice(0, 80), detail }));
    if (!safeName(e.file)) bad('not a file name the studio makes');
    if (seen.has(e.file)) bad('listed twice');
    if (!named.has(e.file)) bad('no message of the conversation refers to it');
    if (!Number.isSafeInteger(e.size) || e.size < 0 || e.size > CHAT_IMPORT_MAX_BYTES) bad(`it claims ${String(e.size)} bytes; at most ${CHAT_IMPORT_MAX_BYTES / MB} MB are taken`);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(e.data)) bad('its data is not base64');
    const bytes = Buffer.from(e.data, 'base64');
    if (bytes.length !== e.size) bad('its data is not the size it claims');
    if (CHAT_IMAGE_FILE.test(e.file) && (await sniff(bytes))?.kind !== 'image') bad('not a readable image');
    seen.add(e.file);
    out.push({ file: e.file, bytes });
  }
  return out;
}

/** The messages with every string naming a renamed file replaced, wherever it sits (fields added later included). */
function renameFiles<T>(value: T, renamed: Map<string, string>): T {
  if (typeof value === 'string') return (renamed.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => renameFiles(v, renamed)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameFiles(v, renamed)])) as T;
  return value;
}

function issueOf(err: z.ZodError): string {
  const first = err.issues[0];
  return first ? `${first.path.join('.') || 'file'}: ${first.message}`.slice(0, 200) : 'unknown';
}

async function removeAll(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f, { force: true }).catch(() => undefined)));
}
