/**
 * Text with each occurrence of a search query marked (`<mark>`), case-insensitively, as the host
 * matches it (host/chat/search.ts): the sidebar's snippets and the find bar's messages.
 */
import { Fragment } from 'react';

/** The [start, end) offsets of `query` in `text`, ignoring case and folding runs of white space in the query. */
export function matchRanges(text: string, query: string): [number, number][] {
  const q = query.replace(/\s+/g, ' ').trim().toLowerCase();
  const out: [number, number][] = [];
  if (!q) return out;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, at + q.length)) out.push([at, at + q.length]);
  return out;
}

export function Highlighted({ text, query }: { text: string; query: string }) {
  const ranges = matchRanges(text, query);
  if (!ranges.length) return <>{text}</>;
  // Each mark with the plain text before it; the text after the last mark closes the line.
  const parts = ranges.map(([s, e], i) => ({ before: text.slice(i ? ranges[i - 1][1] : 0, s), marked: text.slice(s, e), at: s }));
  return (
    <>
      {parts.map((p) => (
        <Fragment key={p.at}>
          {p.before}
          <mark className="chat-mark">{p.marked}</mark>
        </Fragment>
      ))}
      {text.slice(ranges[ranges.length - 1][1])}
    </>
  );
}
