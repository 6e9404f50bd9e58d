/**
 * Renders a chat reply as GitHub-flavoured Markdown, safely and fast while it streams.
 *
 * Safe: no rehype-raw, so HTML in the reply is shown as the text the model wrote (react-markdown
 * turns raw nodes into text); URLs pass safe-url.ts; images wait for a click.
 * Fast: the reply is split into top-level blocks (blocks.ts), each a memoized component keyed by
 * position whose only props are its source, so a streaming frame re-parses only the growing last
 * block; a block that is one code fence skips the parser altogether. useDeferredValue lets React
 * drop a frame's render when the next delta is already here instead of freezing the window.
 */
import { memo, useDeferredValue, useMemo } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { soleFence, splitBlocks } from './blocks.js';
import { CodeBlock } from './code-block.js';
import { LIVE_COMPONENTS, SETTLED_COMPONENTS } from './markdown-elements.js';
import { safeUrl } from './safe-url.js';
import './markdown.css';

export interface MarkdownProps {
  text: string;
  /** True while the reply is still arriving; its last block may be half-written. */
  streaming: boolean;
}

const REMARK_PLUGINS = [remarkGfm];

export const MarkdownBlock = memo(function MarkdownBlock({ source, live }: { source: string; live: boolean }) {
  const fence = soleFence(source);
  if (fence) return <CodeBlock language={fence.language} code={fence.code} live={live} />;
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} urlTransform={safeUrl} components={live ? LIVE_COMPONENTS : SETTLED_COMPONENTS}>
      {source}
    </ReactMarkdown>
  );
});

export function Markdown({ text, streaming }: MarkdownProps) {
  const deferredText = useDeferredValue(text);
  const blocks = useMemo(() => splitBlocks(deferredText), [deferredText]);
  return (
    <div className="md" aria-busy={streaming || undefined}>
      {blocks.map((source, index) => (
        <MarkdownBlock key={index} source={source} live={streaming && index === blocks.length - 1} />
      ))}
    </div>
  );
}

export default Markdown;
