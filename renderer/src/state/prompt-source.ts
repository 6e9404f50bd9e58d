/**
 * A prompt handed over from a chat reply ("Use as prompt", prompt-handoff.ts) and where it came
 * from (docs/library-files.md, "Lineage"). The Image or Video job sent with it names the message
 * while the prompt still holds the handed words, however edited; once the prompt is cleared or
 * its words are replaced, the source is forgotten for good, as a reference taken off the form
 * is. UI-only state, like lineage-store.ts: a reload forgets it, and then nothing is recorded.
 */
import type { LineageRef } from '@shared/contract/lineage-ref.js';

export type PromptTab = 'image' | 'video';
export interface ChatSource {
  conversationId: string;
  messageId: string;
  /** What the creator knows the message by (the conversation's title and the words' start). */
  name: string;
}

/** How many characters in a row of the handed words a prompt must still hold (fewer when the words are shorter). */
const RUN = 12;

const sources: Partial<Record<PromptTab, { text: string; source: ChatSource }>> = {};

const plain = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Whether `prompt` still holds a run of the handed words: an edit keeps one, a replacement none. */
export function holdsWords(prompt: string, handed: string): boolean {
  const p = plain(prompt);
  const h = plain(handed);
  if (!p || !h) return false;
  const run = Math.min(RUN, h.length);
  if (p.length < run) return false;
  // Each run of the prompt once in a set, then each of the handed words' looked up: linear in both.
  const runs = new Set<string>();
  for (let i = 0; i + run <= p.length; i++) runs.add(p.slice(i, i + run));
  for (let i = 0; i + run <= h.length; i++) if (runs.has(h.slice(i, i + run))) return true;
  return false;
}

/** The tab's prompt was set to `text`, handed over from a chat message. */
export function rememberPromptSource(tab: PromptTab, text: string, source: ChatSource): void {
  sources[tab] = { text, source };
}

/** The tab's prompt changed: cleared, or no longer holding the handed words, its source goes. */
export function followPrompt(tab: PromptTab, prompt: string): void {
  const known = sources[tab];
  if (known && !holdsWords(prompt, known.text)) delete sources[tab];
}

/** The message a prompt about to be sent came from, when it still holds its words. */
export function promptSourceOf(tab: PromptTab, prompt: unknown): LineageRef | undefined {
  const known = sources[tab];
  if (!known || typeof prompt !== 'string' || !holdsWords(prompt, known.text)) return undefined;
  return { kind: 'chatMessage', ...known.source, name: known.source.name.slice(0, 200) };
}

/** Every tab's source forgotten (tests start clean). */
export function forgetPromptSources(): void {
  delete sources.image;
  delete sources.video;
}
