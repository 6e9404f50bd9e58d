/**
 * A fenced code block: language label, Copy button, highlighted code that scrolls sideways rather
 * than wrapping (wrapped code misleads about line structure). Plain until the highlighter's chunk
 * is in (highlighter.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useHighlighter } from './highlighter.js';
import { useCodeWords } from './markdown-t.js';

/**
 * Highlighting a block that is still growing repeats on every frame; past this size that costs
 * more than a frame on a slow machine, so a long live block stays plain until the reply moves on.
 */
export const LIVE_HIGHLIGHT_LIMIT = 5_000;

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
  const highlight = useHighlighter();
  const highlightNow = !live || code.length <= LIVE_HIGHLIGHT_LIMIT;
  const highlighted = useMemo(() => (highlight && highlightNow ? highlight(code, language, !live) : null), [highlight, code, language, highlightNow, live]);
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
