/**
 * Renders a chat reply as GitHub-flavoured Markdown, safely and fast while it streams.
 *
 * Safe: HTML in the reply is shown as the text the model wrote (markdown-parser.ts never parses
 * it as HTML); URLs pass safe-url.ts; images wait for a click.
 * Fast: the reply is split into top-level blocks, settled ones parsed in groups and giant ones cut
 * in pieces (blocks.ts, reply-parts.ts), each
 * a memoized component keyed by position whose only props are its source, so a streaming frame
 * re-parses only the growing last block; a block that is one code fence skips the parser
 * altogether, and settled blocks shown again (a row scrolled back into view, a conversation opened
 * again) are not parsed again. A render adds a bounded slice of new blocks to the page, however
 * much text came at once. (useDeferredValue and startTransition below let React drop a streaming
 * frame's render when the next delta was already there; on Preact, which the studio runs on
 * (docs/development.md, "React's API on Preact"), they take effect at once.) A long reply in the message list renders
 * only its parts near the view (reply-window.ts), each run of the others standing in as one box of their height.
 */
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { soleFence } from './blocks.js';
import { CodeBlock } from './code-block.js';
import { renderMarkdown } from './markdown-pipeline.js';
import { markdownWords, MarkdownWordsContext } from './markdown-t.js';
import { renderCache } from './render-cache.js';
import { settleUnfinished } from './unfinished.js';
import { PartsCache } from './reply-parts.js';
import { useReplyWindow, WINDOW_FROM } from './reply-window.js';
import './markdown.css';

export interface MarkdownProps {
  text: string;
  /** True while the reply is still arriving; its last block may be half-written. */
  streaming: boolean;
  /**
   * The reply stopped (or was cut) before its end: like a streaming one, its last line may only
   * open what never came (unfinished.ts). A streaming reply counts as unfinished by itself.
   */
  unfinished?: boolean;
}

/**
 * Settled blocks' parsed elements (a live block changes every frame: it is not kept). A source
 * and its tree cost about 4 bytes of heap per character: 100,000 characters (several screens, a
 * conversation switched to and back) hold about 0.4 MB; at 500,000 a day of replies filled it
 * towards 2 MB (docs/performance.md, "day").
 */
const settled = renderCache<ReactElement>(100_000);

export const MarkdownBlock = memo(function MarkdownBlock({ source, live, plain = false }: { source: string; live: boolean; plain?: boolean }) {
  // A piece of one overlong line (reply-parts.ts): its characters as they are.
  if (plain) return <div className="md-piece">{source}</div>;
  const fence = soleFence(source);
  if (fence) return <CodeBlock language={fence.language} code={fence.code} live={live} />;
  // Elements only (no hooks run while parsing), so the result can be kept and shown again.
  const parse = () => renderMarkdown(source, live);
  return live ? parse() : settled(source, parse);
});

/**
 * The most text one render adds to the page. Text can come faster than it is laid out (a fast
 * model streams 90,000 characters in under a second; a long reply opens at once), and the
 * browser's layout and paint grow with what a commit adds: 90,000 characters in one go hold the
 * main thread for over 100 ms. In slices of this size a frame's layout and paint stay near 25 ms
 * on a busy 2-core machine (12,000 already gave the odd 60 ms frame), one slice per frame.
 */
export const CHARS_PER_COMMIT = 8_000;

/** Where a render that starts at block `from` stops: a slice's worth of blocks, at least one. */
function sliceEnd(blocks: readonly string[], from: number): number {
  let end = from;
  let chars = 0;
  while (end < blocks.length && (end === from || chars + blocks[end].length <= CHARS_PER_COMMIT)) chars += blocks[end++].length;
  return end;
}

/** A reply's text, as one object for as long as its characters stay the same. */
interface SameText {
  text: string;
}

/**
 * Gives `text` as an object that changes only when its characters do. Hooks compare what they are
 * given with what they kept, and keep the older of two equal values: a reply's text once streamed
 * and the same text sent whole when the stream ends are two strings, and every render after
 * compared them character by character (a 10 MB reply scrolled: about 7 ms, a few times a render;
 * bench/big-replies.ts). Compared here once, then the newer string is kept, so later renders
 * compare a string with itself.
 */
class SameTexts {
  private same: SameText;

  constructor(text: string) {
    this.same = { text };
  }

  of(text: string): SameText {
    // Equal (perhaps another string of the same characters): the newer string is the one kept.
    if (this.same.text === text) this.same.text = text;
    else this.same = { text };
    return this.same;
  }
}

export function Markdown({ text, streaming, unfinished = false }: MarkdownProps) {
  const { t } = useTranslation('markdown');
  const words = useMemo(() => markdownWords(t), [t]);
  const [sameTexts] = useState(() => new SameTexts(text));
  const current = sameTexts.of(text);
  const deferred = useDeferredValue(current);
  // A whole reply renders its text at once (its work is bounded by the window or the slices
  // below): deferred, the end of a stream waited for a background render a frame or more later.
  const showing = streaming ? deferred : current;
  const shownText = showing.text;
  // The parts for the text before this one, which a streaming reply's text only adds to.
  const [cache] = useState(() => new PartsCache());
  const parts = useMemo(() => cache.of(showing.text), [cache, showing]);
  // Only the last block can end in a line that opens what never came (unfinished.ts).
  const open = streaming || unfinished;
  const blocks = useMemo(() => {
    const all = parts.sources;
    if (!open || !all.length) return all;
    const last = settleUnfinished(all[all.length - 1]);
    return last === all[all.length - 1] ? all : all.with(-1, last);
  }, [parts, open]);
  // A long reply in a scrolling list renders only what is near the view (reply-window.ts), which
  // bounds each commit by itself; a shorter one is added to the page a slice at a time.
  const { windowed, runs, heightOf, replyRef, partRef } = useReplyWindow(blocks, shownText.length >= WINDOW_FROM, streaming);
  // Blocks before `shown` are on the page already; this render adds one slice after them.
  const [shown, setShown] = useState(0);
  const end = windowed ? blocks.length : sliceEnd(blocks, Math.min(shown, blocks.length));
  useEffect(() => {
    if (end === shown) return;
    // The next slice once this one is drawn: slices committed between two frames would be laid
    // out together, in one long frame again. (Rendering the next slice at once instead, between
    // the frames, finished a 90,000-character reply about a fifth sooner but gave 40 to 70 ms
    // frames: the work is the same, only packed tighter; bench/stream.ts.)
    const frame = requestAnimationFrame(() => startTransition(() => setShown(end)));
    return () => cancelAnimationFrame(frame);
  }, [end, shown]);
  return (
    <MarkdownWordsContext value={words}>
      <div className="md" dir="auto" aria-busy={streaming || end < blocks.length || undefined} ref={replyRef}>
        {windowed
          ? runs.map((run) =>
              'index' in run ? (
                <div key={`p${run.index}`} className="md-part" data-part={run.index} data-stood={heightOf(run.index)} ref={partRef}>
                  <MarkdownBlock source={blocks[run.index]} live={streaming && run.index === blocks.length - 1} plain={parts.plain.has(run.index)} />
                </div>
              ) : (
                // Parts not rendered: one empty box of their summed height keeps the reply's length and scroll.
                <div key={`s${run.from}`} className="md-stand-in" style={{ height: run.height }} />
              ),
            )
          : blocks.slice(0, end).map((source, index) => (
              <div key={`p${index}`} className="md-part" data-part={index} ref={partRef}>
                <MarkdownBlock source={source} live={streaming && index === blocks.length - 1} plain={parts.plain.has(index)} />
              </div>
            ))}
      </div>
    </MarkdownWordsContext>
  );
}

export default Markdown;
