/**
 * The Markdown renderer behind React.lazy: the Markdown parser and highlighting stay out of the
 * first-load bundle (its 200 kB budget: docs/performance.md, "Targets"). Until the chunk arrives
 * the reply shows as plain wrapped text, so nothing waits on it.
 */
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown.js';
import './lazy-markdown.css';

/** The chunk's one import: React.lazy's, the idle preload's, and a test's that wants it in first. */
export const loadMarkdown = () => import('./markdown.js');
const Markdown = lazy(loadMarkdown);

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
  return (
    <Suspense fallback={<PlainReply text={props.text} />}>
      <Markdown {...props} />
    </Suspense>
  );
}
