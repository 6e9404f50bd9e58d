/**
 * UI-only state (docs/house-rules.md, "UI-only state in the renderer"): which tab is open, which
 * tabs were visited (the top-up banner has a store of its own, payment-store.ts). Host-owned data
 * (profiles, settings, balances) lives in react-query, never here, and nothing secret is ever put
 * in this store.
 */
import { create } from 'zustand';
import { readStored, writeStored } from './draft-storage.js';

import { TAB_IDS, type TabId } from './tab-ids.js';

export { TAB_IDS, type TabId };

export type SettingsIntent = 'add-profile';

interface UiState {
  tab: TabId;
  /** Tabs opened at least once stay mounted (hidden), so what the user typed survives a switch. */
  visited: readonly TabId[];
  /** A library item to open in the Gallery's detail view (Tasks → "Open result"). */
  galleryFocus: string | null;
  /** A conversation for the Chat tab to open (Spend → a row's "Open conversation"). */
  chatFocus: string | null;
  /** What Settings opens at once: the Welcome's "Add a gateway key" opens the add-profile form. */
  settingsIntent: SettingsIntent | null;
  openTab(tab: TabId): void;
  openSettings(intent: SettingsIntent): void;
  clearSettingsIntent(): void;
  openInGallery(libraryId: string): void;
  clearGalleryFocus(): void;
  openInChat(conversationId: string): void;
  clearChatFocus(): void;
}

/** The tab open last, so a reload (or a restart of the browser shell on its port) returns to it. */
const TAB_KEY = 'ui:tab';
const isTab = (t: unknown): t is TabId => (TAB_IDS as readonly unknown[]).includes(t);
const storedTab = (): TabId => ((t) => (isTab(t) ? t : 'chat'))(readStored(TAB_KEY, { tab: 'chat' as unknown }).tab);
const lastTab = storedTab();

export const useUiStore = create<UiState>()((set) => ({
  tab: lastTab,
  visited: [lastTab],
  galleryFocus: null,
  chatFocus: null,
  settingsIntent: null,
  openTab: (tab) => set((s) => ({ tab, visited: s.visited.includes(tab) ? s.visited : [...s.visited, tab] })),
  openSettings: (intent) => set((s) => ({ tab: 'settings', settingsIntent: intent, visited: s.visited.includes('settings') ? s.visited : [...s.visited, 'settings'] })),
  clearSettingsIntent: () => set({ settingsIntent: null }),
  openInGallery: (libraryId) => set((s) => ({ tab: 'gallery', galleryFocus: libraryId, visited: s.visited.includes('gallery') ? s.visited : [...s.visited, 'gallery'] })),
  clearGalleryFocus: () => set({ galleryFocus: null }),
  openInChat: (conversationId) => set((s) => ({ tab: 'chat', chatFocus: conversationId, visited: s.visited.includes('chat') ? s.visited : [...s.visited, 'chat'] })),
  clearChatFocus: () => set({ chatFocus: null }),
}));

useUiStore.subscribe((s, before) => {
  if (s.tab !== before.tab) writeStored(TAB_KEY, { tab: s.tab });
});

/** After the host filled in the workspace (draft-storage.ts): its tab, when this origin had none. */
export function restoreTab(): void {
  const tab = storedTab();
  if (tab !== useUiStore.getState().tab) useUiStore.setState({ tab, visited: [tab] });
}
