/**
 * Reference images of the draft: files (dropped, picked or pasted) go to the host once, as bytes,
 * and come back as an attachment id; links are kept as typed. The draft keeps only ids, names and
 * a tiny preview, so it stays small in localStorage and survives a restart.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, EMPTY, errorMessage, useCall } from '../../api/client.js';
import { useItemIntake, type ItemIntake } from '../../components/use-in/use-item-intake.js';
import { fetchItemFile } from '../../components/use-in/item-file.js';
import { REFERENCE_IMAGE_MAX_BYTES } from '@shared/gateway/catalog.js';
import { useFormats } from '../../i18n/format.js';
import { referenceLimit, type ImageRef } from './image-draft.js';

const THUMB_SIDE = 96;
const MB = 1024 * 1024;

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

export interface References {
  busy: number;
  /** A problem with adding (too many, too large, not an image); shown at the references field. */
  problem: string | null;
  /** Resolves to how many were added (the rest are explained in `problem`). */
  addFiles(files: readonly File[]): Promise<number>;
  /** Gallery items dropped here or sent by "Use in…" (state/handoff.ts): attached as dropped files are. */
  intake: ItemIntake;
  addUrl(url: string): boolean;
  remove(id: string): void;
  move(id: string, by: -1 | 1): void;
}

export function useReferences(model: string, refs: ImageRef[], setRefs: (refs: ImageRef[]) => void): References {
  const { t } = useTranslation(['image', 'handoff']);
  const f = useFormats();
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // Uploads finish after other edits: each one appends to the latest list, not the one it started from.
  const latest = useRef(refs);
  useEffect(() => {
    latest.current = refs;
  }, [refs]);
  const commit = (next: ImageRef[]) => {
    latest.current = next;
    setRefs(next);
  };

  const addFiles = async (files: readonly File[]) => {
    setProblem(null);
    const room = referenceLimit(model) - latest.current.length - busy;
    const problems: string[] = [];
    if (files.length > room) {
      problems.push(t('refs.tooMany', { model, limit: f.number(referenceLimit(model)), extra: f.number(files.length - Math.max(room, 0)) }));
    }
    const accepted = files.slice(0, Math.max(room, 0)).filter((file) => {
      if (file.size <= REFERENCE_IMAGE_MAX_BYTES) return true;
      problems.push(t('refs.fileTooLarge', { name: file.name, size: f.fixed(file.size / MB, 1) }));
      return false;
    });
    setBusy((b) => b + accepted.length);
    let added = 0;
    for (const file of accepted) {
      try {
        const [thumb, view] = await Promise.all([
          makeThumb(file),
          call('attachments.add', { name: file.name || t('refs.pastedName'), data: new Uint8Array(await file.arrayBuffer()) }),
        ]);
        commit([...latest.current, { kind: 'file', ...view, thumb }]);
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
  const intake = useItemIntake('image', async (item, name) => {
    const added = await addFiles([await fetchItemFile(item, mediaBase)]);
    return added ? { ok: t('handoff:added.image', { name }) } : null;
  });

  const addUrl = (raw: string) => {
    const url = raw.trim();
    if (!/^https?:\/\/[^\s/]+/i.test(url)) {
      setProblem(t('refs.badLink'));
      return false;
    }
    setProblem(null);
    commit([...latest.current, { kind: 'url', id: crypto.randomUUID(), url }]);
    return true;
  };

  const remove = (id: string) => {
    const ref = latest.current.find((r) => r.id === id);
    commit(latest.current.filter((r) => r.id !== id));
    setProblem(null);
    // The host's copy is only a cache of the draft; if it cannot be removed now, it expires in a week.
    if (ref?.kind === 'file') call('attachments.remove', { id }).catch(() => undefined);
  };

  const move = (id: string, by: -1 | 1) => {
    const list = [...latest.current];
    const i = list.findIndex((r) => r.id === id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j], list[i]];
    commit(list);
  };

  return { busy, problem, addFiles, intake, addUrl, remove, move };
}
