/**
 * Drafts and recent prompts of the generator tabs (issue 5.5). They are the creator's own words,
 * not secrets, so they live in the renderer's localStorage: they survive a tab switch, a failure
 * and a restart. Nothing here may ever hold a key.
 */
import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'gateway-studio:';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : { ...fallback, ...(JSON.parse(raw) as T) };
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft still lives in memory for this session.
  }
}

/** A form's state, saved as it changes (debounced), restored on the next start. */
export function useDraft<T extends object>(key: string, initial: T): [T, (patch: Partial<T>) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => read(`draft:${key}`, initial));
  useEffect(() => {
    const t = setTimeout(() => write(`draft:${key}`, draft), 300);
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
  const [prompts, setPrompts] = useState<string[]>(() => read(key, { list: [] as string[] }).list);
  const remember = useCallback((prompt: string) => {
    const p = prompt.trim();
    if (!p) return;
    setPrompts((list) => {
      const next = [p, ...list.filter((x) => x !== p)].slice(0, HISTORY_LIMIT);
      write(key, { list: next });
      return next;
    });
  }, [key]);
  return { prompts, remember };
}
