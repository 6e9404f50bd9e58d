/**
 * What the first screen shows, asked of the host before anything else is evaluated: `main.tsx`
 * imports this module first, so these requests travel while React DOM (most of the first bundle)
 * is still being evaluated, and the first render already has their answers (bench/startup.ts).
 * The keys are the ones the components' `useCall`s read. In app/, which composes the tabs: it knows
 * what the Chat tab opens with, and api/ knows no tab (docs/architecture.md, "The renderer's layers").
 */
import type { Input, MethodName } from '@shared/contract/index.js';
import { NO_SELECTION, SELECTION_DRAFT } from '../features/chat/model/selection.js';
import { loadPane } from '../features/chat/ui/pane-loader.js';
import { loadConversationWindow } from '../features/chat/ui/conversation-window-loader.js';
import { loadMarkdown } from '../components/markdown/lazy-markdown.js';
import { openingInput } from '../features/chat/model/opening.js';
import { readDraft } from '../state/draft-storage.js';
import { call, callKey, EMPTY } from '../api/transport.js';

export interface EarlyCall {
  queryKey: readonly unknown[];
  answer: Promise<unknown>;
}

function early<M extends MethodName>(method: M, input: Input<M>): EarlyCall {
  const answer = call(method, input);
  // A refusal is the component's to show when it asks; unobserved here, it must not be reported as unhandled.
  answer.catch(() => undefined);
  return { queryKey: callKey(method, input), answer };
}

const openConversation = readDraft(SELECTION_DRAFT, NO_SELECTION).id;

/** The host's copy of the workspace (drafts, recent prompts, the open tab): filled in before the first render. */
export const EARLY_WORKSPACE = early('app.workspace', EMPTY);

/** The studio's settings: the first render also needs their language. */
export const EARLY_SETTINGS = early('settings.get', EMPTY);

/**
 * Code the first screen needs beyond the first bundle: an open conversation's pane, the Markdown
 * its replies are drawn with (drawn as plain text first, they were all drawn twice), and the
 * sidebar's window, which has conversations to draw whenever one is open (without it the first
 * render showed "Loading conversations…" there).
 */
const conversationCode = () => [loadPane(), loadMarkdown(), loadConversationWindow()];
export const FIRST_SCREEN_CODE: readonly Promise<unknown>[] = openConversation ? conversationCode() : [];

/**
 * A profile with no local copy of the workspace (a fresh browser profile, another origin) learns
 * which conversation was open only from the host's copy (`fillFromHost` returns the keys it
 * filled): its newest messages and its pane's code are then asked for as soon as that answers,
 * still before the first render, rather than by the Chat tab after it (docs/performance-findings.md,
 * "Start-up on the real paths").
 */
export function openedByWorkspace(filled: readonly string[]): { calls: readonly EarlyCall[]; code: readonly Promise<unknown>[] } {
  const id = openConversation ? undefined : filled.includes(`draft:${SELECTION_DRAFT}`) ? readDraft(SELECTION_DRAFT, NO_SELECTION).id : undefined;
  return id ? { calls: [early('chat.get', openingInput(id))], code: conversationCode() } : { calls: [], code: [] };
}

/** The conversations the sidebar lists (main.tsx also prepares their times' formatters from it). */
export const EARLY_CHAT_LIST = early('chat.list', EMPTY);

export const FIRST_SCREEN: readonly EarlyCall[] = [
  EARLY_SETTINGS,
  early('profiles.list', EMPTY),
  EARLY_CHAT_LIST,
  // Its newest messages: the Chat tab asks for the rest once they are drawn (features/chat/model/opening.ts).
  ...(openConversation ? [early('chat.get', openingInput(openConversation))] : []),
];
