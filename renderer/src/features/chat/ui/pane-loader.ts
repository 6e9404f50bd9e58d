/**
 * The open conversation's pane (messages, virtual list, composer, settings) is a chunk of its own
 * (components/chunk-component.ts): the studio's first screen without a conversation open never
 * needs it, and with one open, app/first-screen.ts starts fetching it with the conversation's data,
 * so both arrive together (bench/startup.ts).
 */
import { chunkComponent } from '../../../components/chunk-component.js';

const pane = chunkComponent(() => import('./conversation-pane.js').then((m) => m.ConversationPane));

export const loadPane = pane.preload;

/** The pane, or `fallback` until its chunk is in. */
export const LoadedPane = pane.Loaded;
