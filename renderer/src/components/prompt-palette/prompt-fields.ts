/**
 * The prompt fields the palette can fill (docs/prompts.md, "The palette"): each prompt box of
 * Chat, Image, Video and Speech registers a handle here while mounted, and the one last focused
 * is where Ctrl+P inserts. A field remembers which saved prompt its text came from, so the tab
 * can link what a submission made to that prompt (`linkPromptUse`), as long as the text still
 * holds the prompt as it was inserted.
 */
import { create } from 'zustand';
import { call } from '../../api/client.js';

export type PromptFieldKind = 'chat' | 'image' | 'video' | 'speech';

export interface PromptFieldHandle {
  kind: PromptFieldKind;
  element(): HTMLTextAreaElement | null;
  value(): string;
  setValue(text: string): void;
  /** The tab's recent prompts, newest first (state/drafts.ts, `usePromptHistory`). */
  history(): readonly string[];
  /** The model the form would use now, for a prompt's preset. */
  model?(): string | undefined;
  /** Sets the form's parameters from a preset (the tab keeps only those its form has). */
  applyPreset?(params: Readonly<Record<string, unknown>>): void;
  /** The form's parameters now, to keep as a preset for its model. */
  params?(): Record<string, unknown> | undefined;
}

const fields = new Map<string, PromptFieldHandle>();
let lastFocused: string | undefined;

/** Where an inserted prompt came from, by field kind: the prompt and its expansion as inserted. */
const sources = new Map<PromptFieldKind, { promptId: string; text: string }>();

export function registerPromptField(key: string, handle: PromptFieldHandle): () => void {
  fields.set(key, handle);
  return () => {
    if (fields.get(key) === handle) fields.delete(key);
    if (lastFocused === key) lastFocused = undefined;
  };
}

export function promptFieldFocused(key: string): void {
  lastFocused = key;
}

/** A field shown on the page (a hidden tab's panel has no layout box). */
const shown = (h: PromptFieldHandle) => {
  const el = h.element();
  return !!el && el.isConnected && el.getClientRects().length > 0;
};

/** The field the palette fills: the focused one, else the last focused one still shown, else the only one shown. */
export function targetField(): { key: string; handle: PromptFieldHandle } | undefined {
  const active = document.activeElement;
  for (const [key, handle] of fields) if (handle.element() === active) return { key, handle };
  const last = lastFocused ? fields.get(lastFocused) : undefined;
  if (lastFocused && last && shown(last)) return { key: lastFocused, handle: last };
  const visible = [...fields].filter(([, h]) => shown(h));
  return visible.length ? { key: visible[0][0], handle: visible[0][1] } : undefined;
}

/** Puts `text` at the field's cursor (replacing a selection), then the cursor after it. */
export function insertIntoField(handle: PromptFieldHandle, text: string, promptId?: string): void {
  const el = handle.element();
  const value = handle.value();
  const start = el && document.activeElement === el ? el.selectionStart : (el?.selectionStart ?? value.length);
  const end = el ? el.selectionEnd : value.length;
  const at = Math.min(start ?? value.length, value.length);
  const next = value.slice(0, at) + text + value.slice(Math.max(at, Math.min(end ?? at, value.length)));
  handle.setValue(next);
  if (promptId) sources.set(handle.kind, { promptId, text });
  else sources.delete(handle.kind);
  const caret = at + text.length;
  // After React has written the new value.
  requestAnimationFrame(() => {
    const now = handle.element();
    if (!now) return;
    now.focus();
    now.setSelectionRange(caret, caret);
  });
}

/** The saved prompt a submission of `text` from this kind of field came from, if the text still holds it. */
export function promptSourceOf(kind: PromptFieldKind, text: string): string | undefined {
  const source = sources.get(kind);
  return source && text.includes(source.text) ? source.promptId : undefined;
}

/**
 * Tells the host what a submission made from a field whose text came from a saved prompt. Never
 * holds up or fails the submission: a link that cannot be written loses only the result's place
 * in the prompt's list.
 */
export function linkPromptUse(kind: PromptFieldKind, text: string, made: { jobIds?: string[]; replyId?: string; itemIds?: string[] }): void {
  const id = promptSourceOf(kind, text);
  if (!id) return;
  void call('prompts.link', { id, ...made }).catch(() => undefined);
}

interface PaletteState {
  open: boolean;
  /** The library's management dialog. */
  library: boolean;
  fieldKey?: string;
  openPalette(fieldKey?: string): void;
  openLibrary(): void;
  close(): void;
  closeLibrary(): void;
}

export const usePromptPalette = create<PaletteState>((set) => ({
  open: false,
  library: false,
  openPalette: (fieldKey) => set({ open: true, fieldKey }),
  openLibrary: () => set({ open: false, library: true }),
  close: () => set({ open: false }),
  closeLibrary: () => set({ library: false }),
}));

export function fieldByKey(key: string | undefined): PromptFieldHandle | undefined {
  return key ? fields.get(key) : undefined;
}

/** Ctrl+P (⌘P on macOS), no other modifier: the browser's Print is never what the studio's window wants. */
export function isPaletteKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, mac: boolean): boolean {
  const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  return mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p';
}

/**
 * A preset as a patch of a tab's draft: only the parameters the draft has, of the same type, and
 * never the prompt itself (a preset written by hand or imported may hold anything).
 */
export function presetPatch<T extends object>(draft: T, params: Readonly<Record<string, unknown>>): Partial<T> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'prompt' || key === 'input' || key === 'text' || !Object.prototype.hasOwnProperty.call(draft, key)) continue;
    if (typeof value === typeof (draft as Record<string, unknown>)[key] && value !== null) patch[key] = value;
  }
  return patch as Partial<T>;
}

/**
 * A draft's parameters worth keeping as a preset: its plain values (text, numbers, switches), not
 * the prompt, the model, nor lists such as attached files, which belong to one run.
 */
export function presetOf(draft: object, leave: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (leave.includes(key) || key === 'prompt' || key === 'input' || key === 'text' || key === 'model') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}
