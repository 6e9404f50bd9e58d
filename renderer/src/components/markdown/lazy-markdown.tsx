/**
 * The Markdown renderer behind React.lazy: react-markdown, GFM and highlighting stay out of the
 * first-load bundle (DESIGN §5's 200 KB budget). Until the chunk arrives the reply shows as plain
 * wrapped text, so nothing waits on it.
 */
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown.js';
import './lazy-markdown.css';

const loadMarkdown = () => import('./markdown.js');
const Markdown = lazy(loadMarkdown);

/** Start fetching the chunk early (e.g. when the chat tab mounts) so the first reply is formatted. */
export function preloadMarkdown(): void {
  void loadMarkdown();
}

export function PlainReply({ text }: { text: string }) {
  return <div className="md-plain">{text}</div>;
}

export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainReply text={props.text} />}>
      <Markdown {...props} />
    </Suspense>
  );
}
