/**
 * Images in user turns. An attachment is copied into the library folder under `chat-images/`
 * (without a sidecar, so the Gallery never lists it) and the message keeps the path relative to
 * the library root, which the renderer shows through `AppInfo.mediaBase`. Just before a request is
 * built the file is read again and checked like any image the gateway takes (spec 2.15).
 */
import { msg } from '@shared/messages/index.js';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChatImage, ChatMessageView } from '@shared/contract/chat.js';
import type { ParsedInput } from '@shared/contract/index.js';
import { REFERENCE_IMAGE_MAX_BYTES } from '@shared/gateway/catalog.js';
import { coreError } from '../errors.js';
import { sniff } from '@media/sniff.js';
import type { AttachmentStore } from '../media/attachments.js';
import { everyMessage, type StoredMessage } from './versions.js';
import { CHAT_DOCUMENT_FILE } from './chat-documents.js';

export const CHAT_IMAGES_DIR = 'chat-images';
/** What a stored image path may look like: nothing else is ever read from the library. */
export const CHAT_IMAGE_FILE = /^chat-images\/[A-Za-z0-9-]{1,64}\.(png|jpg|webp|gif)$/;

export type FileImage = Extract<ChatImage, { kind: 'file' }>;

const MB = 1024 * 1024;

/** An image's data URI, or why it cannot be sent: thrown only if the request carries it. */
export type ReadImage = { uri: string } | { error: unknown };
/** A send's images, read before it goes on: those the conversation holds, and new attachments. */
export type ReadImages = { files: Map<string, ReadImage>; attachments: Map<string, ReadImage> };

/** The stored files the turns use, in every version of every branch (versions.ts): their images, and their documents' texts (chat-documents.ts). */
export const filesOf = (messages: readonly StoredMessage[]) =>
  new Set([...everyMessage(messages)].flatMap((m) => [...(m.images ?? []).flatMap((i) => (i.kind === 'file' ? [i.file] : [])), ...(m.documents ?? []).map((d) => d.file)]));

export class ChatImages {
  constructor(
    /** The library folder of the moment (settings can move it). */
    private readonly root: () => string,
    private readonly attachments: Pick<AttachmentStore, 'get'>,
  ) {}

  private resolve(file: string): string {
    if (!CHAT_IMAGE_FILE.test(file)) throw coreError('invalid_input', msg('chat.images.notMadeByStudio'), 'images');
    return path.join(this.root(), ...file.split('/'));
  }

  /** Copies an attachment into the library; returns what the message stores. */
  import(attachmentId: string): FileImage {
    const { view, data } = this.attachments.get(attachmentId);
    const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' }[view.mime];
    if (!ext) throw coreError('invalid_input', msg('chat.images.cannotSend', { name: view.name }), 'images');
    const file = `${CHAT_IMAGES_DIR}/${randomUUID()}.${ext}`;
    const abs = this.resolve(file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, data, { flag: 'wx' });
    return { kind: 'file', file, name: view.name, mime: view.mime, ...(view.width ? { width: view.width } : {}), ...(view.height ? { height: view.height } : {}) };
  }

  /** The image as the gateway takes it: a data URI of a JPEG or PNG of at most 10 MB. */
  async dataUri(image: FileImage): Promise<string> {
    let data: Buffer;
    try {
      data = readFileSync(this.resolve(image.file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      throw coreError('not_found', msg('chat.images.missing', { name: image.name, file: image.file }), 'images');
    }
    return checkedUri(image.name, data);
  }

  /** An attachment about to be imported, as `dataUri` will find it once it is in the library. */
  async attachmentUri(attachmentId: string): Promise<string> {
    const { view, data } = this.attachments.get(attachmentId);
    return checkedUri(view.name, data);
  }

  /** Deletes images and document texts no message refers to any more (best effort: a leftover file harms nothing). */
  remove(files: Iterable<string>): void {
    for (const file of files) {
      try {
        rmSync(CHAT_DOCUMENT_FILE.test(file) ? path.join(this.root(), ...file.split('/')) : this.resolve(file), { force: true });
      } catch {
        // An odd path was never ours to delete.
      }
    }
  }

  /**
   * The images of a message being sent, in its order: a link as it is, an image this conversation
   * already holds (edit and resend keeps those, and nothing else), an attachment copied in now
   * (its file pushed on `copied`, its checked bytes added to `read.files` for the request).
   */
  forMessage(
    sent: ParsedInput<'chat.send'>['images'],
    held: readonly ChatMessageView[],
    read: ReadImages,
    copied: string[],
  ): ChatImage[] {
    return (sent ?? []).map((img) => {
      if ('url' in img) return { kind: 'url', url: img.url };
      if ('file' in img) {
        const known = held.flatMap((m) => m.images ?? []).find((i) => i.kind === 'file' && i.file === img.file);
        if (!known || !CHAT_IMAGE_FILE.test(img.file)) throw coreError('not_found', msg('chat.images.notInConversation'), 'images');
        return known;
      }
      const stored = this.import(img.attachmentId);
      copied.push(stored.file);
      read.files.set(stored.file, read.attachments.get(img.attachmentId)!);
      return stored;
    });
  }

  /**
   * Every stored image a request may carry, read and checked (media/sniff.ts, which is async)
   * before the request is built. What follows stays synchronous in the chat service, so no other
   * call runs between a conversation's idle check and its reply's start: one reply at a time.
   */
  async readAll(messages: readonly ChatMessageView[], attachmentIds: string[] = []): Promise<ReadImages> {
    const settle = (uri: Promise<string>): Promise<ReadImage> => uri.then((ok) => ({ uri: ok }), (error: unknown) => ({ error }));
    const stored = new Map(messages.flatMap((m) => m.images ?? []).filter((i): i is FileImage => i.kind === 'file').map((i) => [i.file, i]));
    const files = new Map(await Promise.all([...stored].map(async ([file, i]) => [file, await settle(this.dataUri(i))] as const)));
    const attachments = new Map(await Promise.all(attachmentIds.map(async (id) => [id, await settle(this.attachmentUri(id))] as const)));
    return { files, attachments };
  }
}

/** Checked like any image the gateway takes, by its bytes: JPEG or PNG, at most 10 MB. */
async function checkedUri(name: string, data: Buffer): Promise<string> {
  const type = await sniff(data);
  if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') {
    const format = type?.kind === 'image' ? type.mime.replace('image/', '').toUpperCase() : 'not a readable image';
    throw coreError('invalid_input', msg('chat.images.wrongFormat', { name, format }), 'images');
  }
  if (data.length > REFERENCE_IMAGE_MAX_BYTES) {
    throw coreError('invalid_input', msg('chat.images.tooLarge', { name, size: (data.length / MB).toFixed(1) }), 'images');
  }
  return `data:${type.mime};base64,${data.toString('base64')}`;

}
