/**
 * "Use as prompt": a chat reply's words, or a selection of them, handed to the Image or Video
 * tab's prompt, as the Gallery's Remix hands a saved item's settings (remix-store.ts). Chat stashes
 * the words here and opens the tab; the tab takes them once on its next render, fills its prompt
 * (nothing is sent) and remembers where they came from (prompt-source.ts). Neither feature
 * imports the other (docs/architecture.md, "The renderer's layers"). UI-only state.
 */
import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import { tabDomId } from './tab-ids.js';
import { useUiStore } from './ui-store.js';
import { followPrompt, rememberPromptSource, type ChatSource, type PromptTab } from './prompt-source.js';

export const PROMPT_TARGETS = ['image', 'video'] as const satisfies readonly PromptTab[];

interface Handed {
  text: string;
  source: ChatSource;
}

interface PromptHandoffState {
  pending: ({ target: PromptTab } & Handed) | null;
  stash(target: PromptTab, text: string, source: ChatSource): void;
  /** The words stashed for `target`, handed out once. */
  take(target: PromptTab): Handed | undefined;
}

export const usePromptHandoffStore = create<PromptHandoffState>()((set, get) => ({
  pending: null,
  stash: (target, text, source) => set({ pending: { target, text, source } }),
  take: (target) => {
    const pending = get().pending;
    if (pending?.target !== target) return undefined;
    set({ pending: null });
    return { text: pending.text, source: pending.source };
  },
}));

/** Stashes the words for `target`, opens that tab and puts the focus on its tab button, as "Use in…" does. */
export function sendToPrompt(target: PromptTab, text: string, source: ChatSource): void {
  usePromptHandoffStore.getState().stash(target, text, source);
  useUiStore.getState().openTab(target);
  requestAnimationFrame(() => document.getElementById(tabDomId(target))?.focus());
}

/**
 * For the Image and Video tabs: fills the prompt (through `fill`) with words handed over, once,
 * and follows the prompt's changes, so an edit keeps the words' source and a replacement drops it.
 */
export function usePromptHandoff(target: PromptTab, prompt: string, fill: (text: string) => void): void {
  const pending = usePromptHandoffStore((s) => s.pending?.target === target);
  // Before the taking below: on the render that takes words, the prompt followed is still the old one.
  useEffect(() => followPrompt(target, prompt), [target, prompt]);
  const apply = useEffectEvent(() => {
    const handed = usePromptHandoffStore.getState().take(target);
    if (!handed) return;
    rememberPromptSource(target, handed.text, handed.source);
    fill(handed.text);
  });
  useEffect(() => {
    if (pending) apply();
  }, [pending]);
}
