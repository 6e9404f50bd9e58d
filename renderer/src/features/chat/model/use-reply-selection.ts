/**
 * The words selected inside one reply's text, kept as the selection changes, so its "Read aloud"
 * and "Use as prompt" act on them (ui/reply-next-step.tsx). A selection reaching outside the
 * reply's text, or none, is ''.
 */
import { useEffect, useState, type RefObject } from 'react';

const MAX_SELECTION = 100_000;

export function useReplySelection(anchor: RefObject<HTMLElement | null>): string {
  const [selected, setSelected] = useState('');
  useEffect(() => {
    const onChange = () => {
      const reply = anchor.current?.closest('article');
      const sel = document.getSelection();
      const inside = (node: Node | null) => !!node && !!reply && [...reply.querySelectorAll('.msg-body')].some((body) => body.contains(node));
      const text = sel && !sel.isCollapsed && inside(sel.anchorNode) && inside(sel.focusNode) ? sel.toString().slice(0, MAX_SELECTION).trim() : '';
      setSelected(text);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [anchor]);
  return selected;
}
