/**
 * The sidebar's window (conversation-window.tsx) brings the virtualizer with it, which the first
 * screen's code does not hold (scripts/first-load.test.ts): a chunk of its own, fetched once the
 * sidebar has conversations to draw. The open conversation's pane needs the same virtualizer, so a
 * returning creator's start fetches it once for both. Not React.lazy, as pane-loader.ts says: a
 * window already loaded renders at once.
 */
import { createElement, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { ConversationWindow } from './conversation-window.js';

type Window = typeof ConversationWindow;

let loaded: Window | undefined;
let loading: Promise<Window> | undefined;

export function loadConversationWindow(): Promise<Window> {
  loading ??= import('./conversation-window.js').then((m) => (loaded = m.ConversationWindow));
  return loading;
}

/** The window, or `fallback` until its chunk is in (then it re-renders with the window). */
export function LoadedConversationWindow({ fallback, ...props }: ComponentProps<Window> & { fallback: ReactNode }) {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!loaded) void loadConversationWindow().then(() => arrived((n) => n + 1));
  }, []);
  return loaded ? createElement(loaded, props) : fallback;
}
