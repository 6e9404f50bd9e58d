/**
 * Images taken in by a draft: a chat message's attachments and the Image tab's references alike.
 * Files (dropped, picked or pasted) are checked here first, the same way in both places, then go
 * to the host once, as bytes, and come back as an attachment id; links are kept as typed; library
 * items dropped or sent by "Use in…" (state/handoff.ts) are read and taken as dropped files are.
 * The draft keeps only ids, names and a small preview, so it stays small and survives a restart.
 * The host checks every upload again (contract/media.ts); these checks are for a clear message
 * before anything is sent, and for a name that would not show as it is.
 */
import './strings.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentView } from '@shared/contract/media.js';
import { ATTACHMENT_PREFIX } from '@shared/contract/attachment-limits.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { rememberSource } from '../../state/lineage-store.js';
import type { ListChange } from '../../state/drafts.js';
import { call, EMPTY, errorMessage, useCall } from '../../api/client.js';
import { useItemIntake, type ItemIntake } from '../use-in/use-item-intake.js';
import { fetchItemFile } from '../use-in/item-file.js';

/** An image a draft holds: a file the host keeps (with a small local preview) or a public URL. */
export type IntakeImage = ({ kind: 'file'; thumb?: string } & AttachmentView) | { kind: 'url'; id: string; url: string };

const THUMB_SIDE = 96;
const MB = 1024 * 1024;
/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates: a name holding
 * them would not show as it is ("evil‮gnp.exe" reads "evil" + "exe.png" reversed).
 */
const HIDDEN_IN_NAME = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A preview as a data: URL. The CSP forbids blob: URLs, so the file is decoded straight from its
 * bytes (createImageBitmap needs no URL), drawn small and re-encoded; a few KB in the draft.
 */
async function makeThumb(file: File): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMB_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    // Not decodable here (the host may still know it): the list shows a placeholder instead.
    return undefined;
  }
}

export interface ImageIntakeOptions {
  /** Where items handed over by "Use in…" land, and what is said when one is taken. */
  target: 'chat' | 'image';
  /** How many images the draft may hold. */
  limit: number;
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /** What the place says when `extra` files did not fit under `limit`: in its own words. */
  tooMany(extra: number): string;
  /** What the place says when a link does not fit; without it a link is always kept. */
  full?(): string;
}

export interface ImageIntake {
  busy: number;
  /** A problem with adding (too many, too large, not an image…); shown at the place's field. */
  problem: string | null;
  /** Resolves to how many were added (the rest are explained in `problem`). */
  addFiles(files: readonly File[]): Promise<number>;
  /** Library items dropped here or sent by "Use in…": taken as dropped files are. */
  intake: ItemIntake;
  addUrl(url: string): boolean;
  remove(id: string): void;
  move(id: string, by: -1 | 1): void;
}

export function useImageIntake<T extends IntakeImage>(images: readonly T[], changeImages: (change: ListChange<T>) => void, options: ImageIntakeOptions): ImageIntake {
  const { t } = useTranslation(['intake', 'handoff']);
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  /** Why `file` is refused before anything is sent, if it is. */
  const refusal = (file: File): string | undefined => {
    const shown = file.name.replace(HIDDEN_IN_NAME, '\uFFFD');
    if (shown !== file.name) return t('intake:badName', { name: shown });
    // A file the browser cannot type (no extension, a paste) goes on: the host reads its bytes.
    if (file.type && !file.type.startsWith('image/')) return t('intake:notImage', { name: file.name });
    if (file.size === 0) return t('intake:empty', { name: file.name });
    if (file.size > options.maxBytes) return t('intake:tooLarge', { name: file.name, max: Math.floor(options.maxBytes / MB) });
    return undefined;
  };

  /** `from`: the Gallery item the files are (remembered for the job's lineage: state/lineage-store.ts). */
  const addFiles = async (files: readonly File[], from?: LibraryItemView) => {
    setProblem(null);
    const problems: string[] = [];
    const room = Math.max(options.limit - images.length - busy, 0);
    const fit = files.filter((file) => {
      const why = refusal(file);
      if (why) problems.push(why);
      return !why;
    });
    if (fit.length > room) problems.push(options.tooMany(fit.length - room));
    const accepted = fit.slice(0, room);
    setBusy((b) => b + accepted.length);
    let added = 0;
    for (const file of accepted) {
      try {
        const [thumb, view] = await Promise.all([makeThumb(file), call('attachments.add', { name: file.name || t('intake:pastedName'), data: new Uint8Array(await file.arrayBuffer()) })]);
        changeImages((list) => [...list, { kind: 'file', ...view, thumb } as T]);
        if (from) rememberSource(ATTACHMENT_PREFIX + view.id, from);
        added++;
      } catch (e) {
        problems.push(errorMessage(e));
      } finally {
        setBusy((b) => b - 1);
      }
    }
    if (problems.length) setProblem(problems.join(' '));
    return added;
  };

  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  const intake = useItemIntake(options.target, async (item, name) => {
    const added = await addFiles([await fetchItemFile(item, mediaBase)], item);
    return added ? { ok: t(`handoff:added.${options.target}`, { name }) } : null;
  });

  const addUrl = (raw: string) => {
    const url = raw.trim();
    if (!/^https?:\/\/[^\s/]+/i.test(url)) {
      setProblem(t('intake:badLink'));
      return false;
    }
    if (options.full && images.length >= options.limit) {
      setProblem(options.full());
      return false;
    }
    setProblem(null);
    const link = { kind: 'url', id: crypto.randomUUID(), url } as T;
    changeImages((list) => [...list, link]);
    return true;
  };

  const remove = (id: string) => {
    const image = images.find((i) => i.id === id);
    changeImages((list) => list.filter((i) => i.id !== id));
    setProblem(null);
    // The host's copy is only a cache of the draft; if it cannot go now, it expires by itself.
    if (image?.kind === 'file') call('attachments.remove', { id }).catch(() => undefined);
  };

  const move = (id: string, by: -1 | 1) =>
    changeImages((list) => {
      const i = list.findIndex((r) => r.id === id);
      const j = i + by;
      if (i < 0 || j < 0 || j >= list.length) return list;
      const moved = [...list];
      [moved[i], moved[j]] = [moved[j], moved[i]];
      return moved;
    });

  return { busy, problem, addFiles, intake, addUrl, remove, move };
}
