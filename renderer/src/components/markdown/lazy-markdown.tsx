/**
 * The Markdown renderer loaded apart: the Markdown parser and highlighting stay out of the
 * first-load bundle (its 200 kB budget: docs/performance.md, "Targets"). Until the chunk arrives
 * the reply shows as plain wrapped text, so nothing waits on it. Not React.lazy: a Suspense
 * boundary is revealed no sooner than 300 ms after its fallback appeared, which held a returning
 * creator's conversation in plain text that long after the chunk had come (as for the tabs:
 * app/lazy-panel.tsx). Here the chunk's arrival is an ordinary store change.
 */
import { type ComponentType, useEffect, useSyncExternalStore } from 'react';
import type { MarkdownProps } from './markdown.js';
import './lazy-markdown.css';

/** Boxed: the store's value is the module's component, drawn as `<Loaded.C>`. */
let Loaded: { C: ComponentType<MarkdownProps> } | undefined;
let pending: Promise<unknown> | undefined;
const listeners = new Set<() => void>();

/** The chunk's one import: the replies', the idle preload's, the first screen's, and a test's that wants it in first. */
export function loadMarkdown(): Promise<unknown> {
  pending ??= import('./markdown.js').then(
    (m) => {
      Loaded = { C: m.Markdown };
      for (const listener of listeners) listener();
    },
    (e: unknown) => {
      // The next reply asks again rather than replaying this failure; meanwhile, plain text.
      pending = undefined;
      throw e;
    },
  );
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => Loaded;

/**
 * Fetches the chunk ahead of the first reply (the Chat tab calls this as it mounts), once the
 * page is idle: parsing its 200 kB of JavaScript during start-up would hold up the first screen.
 * Returns a cancel, as an effect wants. (A reply rendered before then loads it at once.)
 */
export function preloadMarkdown(): () => void {
  const id = requestIdleCallback(() => void loadMarkdown(), { timeout: 2000 });
  return () => cancelIdleCallback(id);
}

/**
 * Past this, the fallback shows the reply's end only (where a conversation opens and a stream
 * writes): laid out whole, a 10 MB reply or a 1 MB word held the page for seconds.
 */
export const PLAIN_TAIL_CHARS = 8_000;

export function PlainReply({ text }: { text: string }) {
  const long = text.length > PLAIN_TAIL_CHARS;
  // Not from the second half of a surrogate pair.
  const tail = long ? text.slice(/[\uDC00-\uDFFF]/.test(text[text.length - PLAIN_TAIL_CHARS]) ? 1 - PLAIN_TAIL_CHARS : -PLAIN_TAIL_CHARS) : text;
  return (
    <div className="md-plain" dir="auto" aria-busy={long || undefined}>
      {long ? `…${tail}` : text}
    </div>
  );
}

export function LazyMarkdown(props: MarkdownProps) {
  const Markdown = useSyncExternalStore(subscribe, current);
  // A reply rendered before the idle preload came asks for the chunk at once.
  useEffect(() => void (Markdown || loadMarkdown().catch(() => undefined)), [Markdown]);
  return Markdown ? <Markdown.C {...props} /> : <PlainReply text={props.text} />;
}
