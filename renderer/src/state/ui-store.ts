/**
 * UI-only state (docs/house-rules.md, "UI-only state in the renderer"): which tab is open, which
 * tabs were visited (the top-up banner has a store of its own, payment-store.ts). Host-owned data
 * (profiles, settings, balances) lives in react-query, never here, and nothing secret is ever put
 * in this store.
 */
import { create } from 'zustand';

export const TAB_IDS = ['chat', 'image', 'video', 'speech', 'tasks', 'gallery', 'settings'] as const;
export type TabId = (typeof TAB_IDS)[number];

interface UiState {
  tab: TabId;
  /** Tabs opened at least once stay mounted (hidden), so what the user typed survives a switch. */
  visited: readonly TabId[];
  /** A library item to open in the Gallery's detail view (Tasks → "Open result"). */
  galleryFocus: string | null;
  openTab(tab: TabId): void;
  openInGallery(libraryId: string): void;
  clearGalleryFocus(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  tab: 'chat',
  visited: ['chat'],
  galleryFocus: null,
  openTab: (tab) => set((s) => ({ tab, visited: s.visited.includes(tab) ? s.visited : [...s.visited, tab] })),
  openInGallery: (libraryId) => set((s) => ({ tab: 'gallery', galleryFocus: libraryId, visited: s.visited.includes('gallery') ? s.visited : [...s.visited, 'gallery'] })),
  clearGalleryFocus: () => set({ galleryFocus: null }),
}));
