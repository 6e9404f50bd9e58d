/**
 * Drafts and recent prompts of the generator tabs, kept in the renderer's storage
 * (draft-storage.ts): they survive a tab switch, a failure and a restart.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, readStored, writeDraft, writeStored } from './draft-storage.js';

/** A form's state, saved as it changes (debounced), restored on the next start. */
/**
 * A change to a list the draft holds, applied to the list as it is then: work that ends later (an
 * upload, a document read) keeps every change made meanwhile. A copy of the list kept beside the
 * draft and refreshed by an effect was put back stale (Preact runs effects after the paint).
 */
export type ListChange<T> = (list: T[]) => T[];

export function useDraft<T extends object>(key: string, initial: T): [T, (patch: Partial<T> | ((draft: T) => Partial<T>)) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => readDraft(key, initial));
  // The change not yet written: a reload, a closed window or an unmounted form right after a key
  // press writes it at once instead of dropping it with the timer.
  const pending = useRef<{ key: string; draft: T } | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    pending.current = { key, draft };
    const t = setTimeout(() => flush(pending), 300);
    return () => clearTimeout(t);
  }, [key, draft]);
  useEffect(() => {
    const onHide = () => flush(pending);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush(pending);
    };
  }, []);
  // A patch may be worked out from the draft as it is then: work that ends later (a document read)
  // applies to every change made meanwhile, not to the draft it started from.
  const update = useCallback((patch: Partial<T> | ((draft: T) => Partial<T>)) => setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) })), []);
  const reset = useCallback(() => setDraft(initial), [initial]);
  return [draft, update, reset];
}

function flush<T extends object>(pending: RefObject<{ key: string; draft: T } | null>): void {
  const change = pending.current;
  if (!change) return;
  pending.current = null;
  writeDraft(change.key, change.draft);
}

const HISTORY_LIMIT = 30;

/** The last prompts sent from a tab, newest first, without repeats. */
export function usePromptHistory(kind: string): { prompts: string[]; remember(prompt: string): void } {
  const key = `history:${kind}`;
  const [prompts, setPrompts] = useState<string[]>(() => readStored(key, { list: [] as string[] }).list);
  const remember = useCallback((prompt: string) => {
    const p = prompt.trim();
    if (!p) return;
    setPrompts((list) => {
      const next = [p, ...list.filter((x) => x !== p)].slice(0, HISTORY_LIMIT);
      writeStored(key, { list: next });
      return next;
    });
  }, [key]);
  return { prompts, remember };
}
