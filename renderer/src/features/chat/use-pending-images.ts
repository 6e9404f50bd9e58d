/**
 * Images waiting in the composer: files (dropped, picked or pasted) go to the host once, as
 * bytes, and come back as an attachment id; links are kept as typed. The draft keeps only ids,
 * names and a small preview, so it survives a restart in localStorage.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, EMPTY, errorMessage, useCall } from '../../api/client.js';
import { useItemIntake, type ItemIntake } from '../../components/use-in/use-item-intake.js';
import { fetchItemFile } from '../../components/use-in/item-file.js';

export type PendingImage = { kind: 'file'; id: string; name: string; thumb?: string } | { kind: 'url'; id: string; url: string };

/** SendInput takes at most 16 images per turn. */
export const MAX_IMAGES = 16;
const THUMB_SIDE = 96;
/**
 * The host's attachment limit (contract/media.ts), repeated so this startup chunk does not import
 * that module and zod with it; the host checks again either way.
 */
const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** A preview as a data: URL (the CSP forbids blob: URLs): decoded from the bytes, drawn small. */
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
    return undefined;
  }
}

export interface PendingImages {
  busy: number;
  problem: string | null;
  /** Resolves to how many were attached (the rest are explained in `problem`). */
  addFiles(files: readonly File[]): Promise<number>;
  /** Gallery images dropped on the conversation or sent by "Use in…" (state/handoff.ts): attached as pasted ones are. */
  intake: ItemIntake;
  addUrl(url: string): boolean;
  remove(id: string): void;
}

export function usePendingImages(images: PendingImage[], setImages: (images: PendingImage[]) => void): PendingImages {
  const { t } = useTranslation(['chat', 'handoff']);
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // Uploads finish after other edits: each appends to the latest list, not the one it began with.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  const commit = (next: PendingImage[]) => {
    latest.current = next;
    setImages(next);
  };

  const addFiles = async (files: readonly File[]) => {
    setProblem(null);
    const problems: string[] = [];
    const room = MAX_IMAGES - latest.current.length - busy;
    const images = files.filter((f) => {
      if (f.type && !f.type.startsWith('image/')) problems.push(t('pending.notImage', { name: f.name }));
      else if (f.size > ATTACHMENT_MAX_BYTES) problems.push(t('pending.tooLarge', { name: f.name }));
      else return true;
      return false;
    });
    if (images.length > room) problems.push(t('pending.tooMany', { max: MAX_IMAGES, n: images.length - Math.max(room, 0) }));
    const accepted = images.slice(0, Math.max(room, 0));
    setBusy((b) => b + accepted.length);
    let added = 0;
    for (const file of accepted) {
      try {
        const [thumb, view] = await Promise.all([makeThumb(file), call('attachments.add', { name: file.name || t('pending.pastedName'), data: new Uint8Array(await file.arrayBuffer()) })]);
        commit([...latest.current, { kind: 'file', id: view.id, name: view.name, thumb }]);
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
  const intake = useItemIntake('chat', async (item, name) => {
    const added = await addFiles([await fetchItemFile(item, mediaBase)]);
    return added ? { ok: t('handoff:added.chat', { name }) } : null;
  });

  const addUrl = (raw: string) => {
    const url = raw.trim();
    if (!/^https?:\/\/[^\s/]+/i.test(url)) {
      setProblem(t('pending.badUrl'));
      return false;
    }
    if (latest.current.length >= MAX_IMAGES) {
      setProblem(t('pending.full', { max: MAX_IMAGES }));
      return false;
    }
    setProblem(null);
    commit([...latest.current, { kind: 'url', id: crypto.randomUUID(), url }]);
    return true;
  };

  const remove = (id: string) => {
    const image = latest.current.find((i) => i.id === id);
    commit(latest.current.filter((i) => i.id !== id));
    setProblem(null);
    // The host's copy is only a cache of the draft; if it cannot go now, it expires by itself.
    if (image?.kind === 'file') call('attachments.remove', { id }).catch(() => undefined);
  };

  return { busy, problem, addFiles, intake, addUrl, remove };
}
