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

interface RemixState {
  remix: Remix | null;
  stash(remix: Remix): void;
  clear(): void;
}

export const useRemixStore = create<RemixState>()((set) => ({
  remix: null,
  stash: (remix) => set({ remix }),
  clear: () => set({ remix: null }),
}));

/** The generator tab that makes a kind of output (audio comes from the Speech tab). */
export function remixTab(kind: RemixKind): Extract<TabId, 'image' | 'video' | 'speech'> {
  return kind === 'audio' ? 'speech' : kind;
}
