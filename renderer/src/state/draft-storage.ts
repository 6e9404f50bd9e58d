/**
 * Where drafts and recent prompts live: the renderer's localStorage. They are the creator's own
 * words, not secrets; nothing here may ever hold a key. Free of React, so the first screen's
 * early requests can read the open conversation before React is evaluated.
 */
const PREFIX = 'gateway-studio:';

export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : { ...fallback, ...(JSON.parse(raw) as T) };
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft still lives in memory for this session.
  }
}

/** A draft's saved state (useDraft's, outside React). */
export const readDraft = <T extends object>(key: string, initial: T): T => readStored(`draft:${key}`, initial);
export const writeDraft = (key: string, value: object): void => writeStored(`draft:${key}`, value);
