/**
 * "Use in…": a saved library item handed to the next step (the Image tab's references, the Video
 * tab's starting image, a Chat message), by dragging its tile or through `UseInMenu`
 * (components/use-in/). The menu stashes the item here and opens the tab; the target takes it on
 * its next render, once, like a Gallery remix (remix-store.ts). A drag carries the item's id only:
 * the target asks the host for the item itself, so nothing dropped is trusted as an item.
 * UI-only state (docs/house-rules.md, "UI-only state in the renderer").
 */
import { create } from 'zustand';
import type { LibraryItemView } from '@shared/contract/library.js';
import { LINK_TTL_SECONDS } from '@shared/gateway/catalog.js';

export const HANDOFF_TARGETS = ['image', 'video', 'chat'] as const;
export type HandoffTarget = (typeof HANDOFF_TARGETS)[number];

/** The drag payload of a library item: `{"id": "…"}`, nothing else. */
export const ITEM_MIME = 'application/x-gateway-studio-item';

interface HandoffState {
  pending: { target: HandoffTarget; item: LibraryItemView } | null;
  stash(target: HandoffTarget, item: LibraryItemView): void;
  /** The item stashed for `target`, handed out once. */
  take(target: HandoffTarget): LibraryItemView | undefined;
}

export const useHandoffStore = create<HandoffState>()((set, get) => ({
  pending: null,
  stash: (target, item) => set({ pending: { target, item } }),
  take: (target) => {
    const pending = get().pending;
    if (pending?.target !== target) return undefined;
    set({ pending: null });
    return pending.item;
  },
}));

/** Only pictures go on: references, a starting image and chat images are all images. */
export const usableKind = (item: Pick<LibraryItemView, 'kind'>) => item.kind === 'image';

/** The name a creator knows an item by: its prompt, cut short. */
export function itemName(item: Pick<LibraryItemView, 'prompt'>, untitled: string): string {
  const prompt = item.prompt.trim().replace(/\s+/g, ' ');
  if (!prompt) return untitled;
  return prompt.length > 60 ? `${prompt.slice(0, 60)}…` : prompt;
}

const TTL_MS = LINK_TTL_SECONDS * 1000;

export type PublicLink = { state: 'valid'; url: string; msLeft: number } | { state: 'expired' } | { state: 'none' };

/**
 * The item's gateway link, if the gateway could still fetch it (spec 4.7: a starting image is
 * fetched by the gateway, so only a public address will do). Links last 24 h from the job's end;
 * the item's `createdAt` is earlier than that end, so `createdAt + 24 h` is a conservative bound:
 * a link may be called expired a little early, never valid too late.
 */
export function publicLink(item: Pick<LibraryItemView, 'sourceUrl' | 'createdAt'>, now: number): PublicLink {
  if (!item.sourceUrl || !/^https?:\/\//i.test(item.sourceUrl)) return { state: 'none' };
  const msLeft = item.createdAt + TTL_MS - now;
  return msLeft > 0 ? { state: 'valid', url: item.sourceUrl, msLeft } : { state: 'expired' };
}

/** Whether a drag carries a library item (during dragover only the types can be read). */
export const hasItemDrag = (data: DataTransfer | null) => !!data && [...data.types].includes(ITEM_MIME);

export type ItemDrop = { kind: 'none' } | { kind: 'item'; id: string } | { kind: 'unreadable' };

/** What a drop carries: no item, an item's id, or something under our type that is not one. */
export function readItemDrag(data: DataTransfer | null): ItemDrop {
  if (!hasItemDrag(data)) return { kind: 'none' };
  try {
    const parsed: unknown = JSON.parse(data!.getData(ITEM_MIME));
    const id = (parsed as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && /^[\w-]{1,64}$/.test(id)) return { kind: 'item', id };
  } catch {
    // Not JSON: said so below, like any other payload that is not an item.
  }
  return { kind: 'unreadable' };
}
