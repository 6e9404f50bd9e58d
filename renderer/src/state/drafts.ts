/**
 * Drafts and recent prompts of the generator tabs, kept in the renderer's storage
 * (draft-storage.ts): they survive a tab switch, a failure and a restart.
 */
import { useCallback, useEffect, useState } from 'react';
import { readDraft, readStored, writeDraft, writeStored } from './draft-storage.js';

/** A form's state, saved as it changes (debounced), restored on the next start. */
export function useDraft<T extends object>(key: string, initial: T): [T, (patch: Partial<T>) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => readDraft(key, initial));
  useEffect(() => {
    const t = setTimeout(() => writeDraft(key, draft), 300);
    return () => clearTimeout(t);
  }, [key, draft]);
  const update = useCallback((patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch })), []);
  const reset = useCallback(() => setDraft(initial), [initial]);
  return [draft, update, reset];
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
