/**
 * The open conversation's pane (messages, virtual list, composer, settings) is a chunk of its own:
 * the studio's first screen without a conversation open never needs it, and with one open,
 * app/first-screen.ts starts fetching it with the conversation's data, so both arrive together
 * (bench/startup.ts). Not React.lazy: a lazy component shows its fallback at least once, and
 * React holds a revealed fallback for 300 ms; a pane already loaded renders at once here.
 */
import { createElement, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { ConversationPane } from './conversation-pane.js';

type Pane = typeof ConversationPane;

let pane: Pane | undefined;
let loading: Promise<Pane> | undefined;

export function loadPane(): Promise<Pane> {
  loading ??= import('./conversation-pane.js').then((m) => (pane = m.ConversationPane));
  return loading;
}

/** The pane, or `fallback` until its chunk is in (then it re-renders with the pane). */
export function LoadedPane({ fallback, ...props }: ComponentProps<Pane> & { fallback: ReactNode }) {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!pane) void loadPane().then(() => arrived((n) => n + 1));
  }, []);
  return pane ? createElement(pane, props) : fallback;
}
