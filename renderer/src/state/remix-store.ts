/**
 * "Remix" hand-off from the Gallery to the generator tabs. The gallery stashes what a
 * saved item was made with; the Image, Video or Speech tab reads it on its next render, prefills
 * its form and calls `clear()`, so a remix is applied once and never resurrects a stale draft.
 * UI-only state, like ui-store: nothing here is owned by the host.
 */
import { create } from 'zustand';
import type { ItemReference } from '@shared/contract/media.js';
import type { TabId } from './ui-store.js';

export type RemixKind = 'image' | 'video' | 'audio';

export interface Remix {
  kind: RemixKind;
  model: string;
  params: Record<string, unknown>;
  prompt: string;
  /** The library item it came from, so a tab can say "remixing <item>" and tests can tell two apart. */
  sourceId?: string;
  /** The pictures the item was made from, as the host brought them back (`attachments.fromItem`). */
  references?: ItemReference[];
}

/** What a tab made of a remix: the parameters its form had no place for, so the Gallery can say so. */
export interface RemixApplied {
  sourceId?: string;
  unrestored: string[];
}

interface RemixState {
  remix: Remix | null;
  /** The last remix a tab applied; the Gallery's notice reads it (nothing is silently lost). */
  applied: RemixApplied | null;
  stash(remix: Remix): void;
  clear(): void;
  /** Called by the tab that applied the remix, with the parameters it could not restore. */
  report(applied: RemixApplied): void;
}

export const useRemixStore = create<RemixState>()((set) => ({
  remix: null,
  applied: null,
  stash: (remix) => set({ remix, applied: null }),
  clear: () => set({ remix: null }),
  report: (applied) => set({ applied }),
}));

/** The generator tab that makes a kind of output (audio comes from the Speech tab). */
export function remixTab(kind: RemixKind): Extract<TabId, 'image' | 'video' | 'speech'> {
  return kind === 'audio' ? 'speech' : kind;
}

/**
 * The names of a remix's parameters a form did not take as they were: `took(key, value)` says
 * whether the form restored that one; `model` is named too when the form does not know the model.
 */
export function unrestoredOf(remix: Remix, took: (key: string, value: unknown) => boolean, modelKnown = true): string[] {
  const names = Object.entries(remix.params)
    .filter(([key, value]) => key !== 'prompt' && !(key === 'model' && modelKnown) && !took(key, value))
    .map(([key]) => key);
  return !modelKnown && !names.includes('model') ? ['model', ...names] : names;
}
