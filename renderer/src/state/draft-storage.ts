/**
 * Where drafts and recent prompts live: the renderer's localStorage, for a synchronous read at any
 * time, written through to the host's workspace (docs/architecture.md, "The workspace") so they
 * outlive this browser origin: the browser shell on another port, another browser, a cleared
 * cache. At start the host's copy fills in what this origin lacks (`fillFromHost`). They are the
 * creator's own words, not secrets; nothing here may ever hold a key. Free of React, so the first
 * screen's early requests can read the open conversation before React is evaluated.
 */
const PREFIX = 'gateway-studio:';
/** A draft changes at every key press: the host hears of it once typing pauses. */
const HOST_WRITE_MS = 500;
/** The latest value of each key the host has not been sent yet, and its timer. */
const waiting = new Map<string, { value: unknown; timer: number }>();
/** The page is going away: what changes now is sent at once, since no timer will fire. */
let leaving = false;

/** How a value reaches the host's workspace, once the page's entry (main.tsx) has said so. */
type Send = (key: string, value: unknown) => Promise<unknown>;
let send: Send | undefined;
/** What was due for the host before `send` was given: the latest value of each key. */
const unsent = new Map<string, unknown>();

/**
 * Given by the page's entry (main.tsx), not imported: state/ holds UI state and knows no contract
 * client (docs/architecture.md, "The renderer's layers"). What was due before goes out now.
 */
export function keepWorkspaceIn(sender: Send): void {
  send = sender;
  for (const [key, value] of unsent) sendToHost(key, value);
  unsent.clear();
}

function sendToHost(key: string, value: unknown): void {
  if (!send) {
    unsent.set(key, value);
    return;
  }
  // A refusal (too large, a host gone) leaves this origin's copy: nothing typed is lost here.
  void send(key, value).catch(() => undefined);
}

/**
 * A reload or a closed window right after a key press sends what waits at once (the browser
 * shell's requests for it are `keepalive`, http.ts, so they outlive the page).
 */
function flushToHost(): void {
  leaving = true;
  for (const [key, { value, timer }] of waiting) {
    clearTimeout(timer);
    sendToHost(key, value);
  }
  waiting.clear();
}
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushToHost);
  // Back from the browser's page cache: the page lives on, and typing pauses count again.
  window.addEventListener('pageshow', () => (leaving = false));
}

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
    // Storage full or disabled: the draft still lives in memory for this session, and in the host.
  }
  clearTimeout(waiting.get(key)?.timer);
  if (leaving) {
    waiting.delete(key);
    sendToHost(key, value);
    return;
  }
  const timer = window.setTimeout(() => {
    waiting.delete(key);
    sendToHost(key, value);
  }, HOST_WRITE_MS);
  waiting.set(key, { value, timer });
}

/** What the host keeps that this origin lacks is put in place; this origin's own copy wins. */
export function fillFromHost(entries: Record<string, unknown>): string[] {
  const filled: string[] = [];
  for (const [key, value] of Object.entries(entries)) {
    try {
      if (localStorage.getItem(PREFIX + key) !== null) continue;
      localStorage.setItem(PREFIX + key, JSON.stringify(value));
      filled.push(key);
    } catch {
      // Storage full or disabled: the rest still comes from the host next time.
    }
  }
  return filled;
}

/** A draft's saved state (useDraft's, outside React). */
export const readDraft = <T extends object>(key: string, initial: T): T => readStored(`draft:${key}`, initial);
export const writeDraft = (key: string, value: object): void => writeStored(`draft:${key}`, value);
