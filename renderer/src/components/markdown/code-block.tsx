/**
 * A fenced code block: language label, Copy button, highlighted code that scrolls sideways rather
 * than wrapping (wrapped code misleads about line structure).
 */
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import type { Element } from 'hast';
import type { ExtraProps } from 'react-markdown';
import { highlight } from './highlight.js';
import { useCodeWords } from './markdown-t.js';

/**
 * Highlighting a block that is still growing repeats on every frame; past this size that costs
 * more than a frame on a slow machine, so a long live block stays plain until the reply moves on.
 */
export const LIVE_HIGHLIGHT_LIMIT = 5_000;

function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}

/** The language and source of the `<code>` inside a Markdown `<pre>`. */
function codeOf(pre: Element | undefined): { language: string; code: string } | null {
  const code = pre?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  if (!code) return null;
  const classes = Array.isArray(code.properties.className) ? code.properties.className.map(String) : [];
  const language = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
  // mdast-util-to-hast ends every code block with a newline that is not part of the user's code.
  return { language: language.toLowerCase(), code: textOf(code).replace(/\n$/, '') };
}

type CopyState = 'idle' | 'copied' | 'failed';

function CopyButton({ code }: { code: string }) {
  const words = useCodeWords();
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1_500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    // clipboard is missing outside secure contexts; report that as a failure, not a crash.
    const write = navigator.clipboard?.writeText(code) ?? Promise.reject(new Error('no clipboard'));
    write.then(() => setState('copied'), () => setState('failed'));
  };

  const label = state === 'copied' ? words.copied : state === 'failed' ? words.copyFailed : words.copy;
  return (
    <>
      <button type="button" className="md-code-copy" onClick={copy} aria-label={words.copyLabel}>
        {label}
      </button>
      {/* The button's label is fixed for screen readers; the outcome is announced here. */}
      <span className="sr-only" role="status">
        {state === 'copied' ? words.copiedStatus : state === 'failed' ? words.failedStatus : ''}
      </span>
    </>
  );
}

interface CodeBlockProps {
  language: string;
  code: string;
  live: boolean;
}

export function CodeBlock({ language, code, live }: CodeBlockProps) {
  const words = useCodeWords();
  const highlightNow = !live || code.length <= LIVE_HIGHLIGHT_LIMIT;
  const highlighted = useMemo(() => (highlightNow ? highlight(code, language, !live) : null), [code, language, highlightNow, live]);
  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language || words.plain}</span>
        <CopyButton code={code} />
      </div>
      {/* Focusable so keyboard users can scroll a wide block sideways. */}
      <pre tabIndex={0}>
        <code className={highlighted ? `hljs language-${language}` : undefined}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
}

type PreProps = ComponentProps<'pre'> & ExtraProps;

/** react-markdown `pre` components: one for settled blocks, one for the block still streaming. */
export function makePre(live: boolean) {
  return function Pre({ node, children }: PreProps) {
    const parsed = codeOf(node);
    if (!parsed) return <pre tabIndex={0}>{children}</pre>;
    return <CodeBlock language={parsed.language} code={parsed.code} live={live} />;
  };
}
