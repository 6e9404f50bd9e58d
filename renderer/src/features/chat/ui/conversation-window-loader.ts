/**
 * The sidebar's window (conversation-window.tsx) brings the virtualizer with it, which the first
 * screen's code does not hold (scripts/first-load.test.ts): a chunk of its own
 * (components/chunk-component.ts), fetched with the open conversation's pane at start-up
 * (app/first-screen.ts), or once the sidebar has conversations to draw. The pane needs the same
 * virtualizer, so a returning creator's start fetches it once for both.
 */
import { chunkComponent } from '../../../components/chunk-component.js';

const sidebarWindow = chunkComponent(() => import('./conversation-window.js').then((m) => m.ConversationWindow));

export const loadConversationWindow = sidebarWindow.preload;

/** The window, or `fallback` until its chunk is in. */
export const LoadedConversationWindow = sidebarWindow.Loaded;
