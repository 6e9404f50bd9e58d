/**
 * What a target does with a library item handed to it (state/handoff.ts): dropped on it (the
 * item's id, asked of the host) or stashed for it by the "Use in…" menu. Both end the same way:
 * a wrong kind or a vanished item is said plainly, otherwise the target's own `accept` runs and
 * its outcome is announced politely (IntakeNotice). The target's input is never touched by a
 * refusal.
 */
import './strings.js';
import { useEffect, useEffectEvent, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { call } from '../../api/client.js';
import { hasItemDrag, itemName, readItemDrag, usableKind, useHandoffStore, type HandoffTarget } from '../../state/handoff.js';

export interface IntakeNotice {
  tone: 'ok' | 'problem';
  text: string;
}

/** What accepting an item came to: a line to announce, a problem to show, or nothing to say. */
export type Outcome = { ok: string } | { problem: string } | null;

export interface ItemIntake {
  /** The last outcome, for the target to show (IntakeNotice). */
  notice: IntakeNotice | null;
  /** An item drag is over the target: it should look ready to take it. */
  over: boolean;
  /** Handles a drop if it carries a library item (true), so the target's file handling is skipped. */
  dropItem(data: DataTransfer | null): boolean;
  /** The target's dragover/dragleave for item drags; the target's own handlers still see files. */
  onDragOver(e: DragEvent): boolean;
  onDragLeave(e: DragEvent): void;
  clear(): void;
}

export function useItemIntake(target: HandoffTarget, accept: (item: LibraryItemView, name: string) => Outcome | Promise<Outcome>, enabled = true): ItemIntake {
  const { t } = useTranslation('handoff');
  const [notice, setNotice] = useState<IntakeNotice | null>(null);
  const [over, setOver] = useState(false);

  const take = async (source: LibraryItemView | Promise<LibraryItemView>) => {
    let item: LibraryItemView;
    try {
      item = await source;
      setNotice(null);
    } catch {
      // An unknown id and a deleted item look the same from here: neither is in the library now.
      setNotice({ tone: 'problem', text: t('problem.gone') });
      return;
    }
    const name = itemName(item, t('untitled'));
    if (!usableKind(item)) {
      setNotice({ tone: 'problem', text: t('problem.wrongKind', { name, kind: t(`kind.${item.kind}`) }) });
      return;
    }
    try {
      const outcome = await accept(item, name);
      if (outcome) setNotice('ok' in outcome ? { tone: 'ok', text: outcome.ok } : { tone: 'problem', text: outcome.problem });
    } catch (e) {
      setNotice({ tone: 'problem', text: t('problem.unreadableFile', { name, reason: e instanceof Error ? e.message : String(e) }) });
    }
  };
  // The effect below runs on the stash alone; what it hands the item to is this render's.
  const takeStashed = useEffectEvent((item: LibraryItemView) => void take(item));

  // A stash from the menu is taken once the target is on screen (its tab opened with it).
  const stashed = useHandoffStore((s) => s.pending?.target === target);
  useEffect(() => {
    if (!stashed || !enabled) return;
    // Taken once this render is committed, as the store's news, rather than re-rendering from
    // inside the effect; a target that unmounts first leaves the stash for the next one.
    let live = true;
    queueMicrotask(() => {
      const item = live ? useHandoffStore.getState().take(target) : undefined;
      if (item) takeStashed(item);
    });
    return () => {
      live = false;
    };
  }, [stashed, enabled, target]);

  const dropItem = (data: DataTransfer | null) => {
    setOver(false);
    const read = readItemDrag(data);
    if (read.kind === 'none') return false;
    if (read.kind === 'unreadable') setNotice({ tone: 'problem', text: t('problem.unreadable') });
    else void take(call('library.get', { id: read.id }));
    return true;
  };

  const onDragOver = (e: DragEvent) => {
    if (!hasItemDrag(e.dataTransfer)) return false;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    if (!over) setOver(true);
    return true;
  };

  const onDragLeave = (e: DragEvent) => {
    // Moving onto a child is not leaving.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  };

  return { notice, over, dropItem, onDragOver, onDragLeave, clear: () => setNotice(null) };
}
