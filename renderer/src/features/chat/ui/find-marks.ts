/**
 * Marks the find bar's query in the messages drawn, through the CSS Custom Highlight API
 * (`::highlight(chat-find)` in chat-messages.css): no message re-renders and the markdown's DOM is
 * untouched. The list is virtualized, so rows come and go as it scrolls: the marks are laid again
 * on the next frame after the canvas changes. The current hit's message carries a second
 * highlight (`chat-find-current`).
 */
import { useEffect } from 'react';
import { matchRanges } from './highlighted.js';

const ALL = 'chat-find';
const CURRENT = 'chat-find-current';

/** Ranges over the text nodes of `root` where `query` occurs (within one text node). */
function rangesIn(root: Element, query: string): Range[] {
  const out: Range[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const [s, e] of matchRanges(node.nodeValue ?? '', query)) {
      const r = root.ownerDocument.createRange();
      r.setStart(node, s);
      r.setEnd(node, e);
      out.push(r);
    }
  }
  return out;
}

export function useFindMarks(query: string, currentMessageId: string | undefined): void {
  useEffect(() => {
    const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
    const canvas = document.querySelector('.chat-canvas');
    if (!registry || !query || !canvas) return;
    let frame = 0;
    const lay = () => {
      frame = 0;
      const rows = [...canvas.querySelectorAll<HTMLElement>('[data-message-id]')];
      const current = rows.filter((r) => r.dataset.messageId === currentMessageId).flatMap((r) => rangesIn(r, query));
      const rest = rows.filter((r) => r.dataset.messageId !== currentMessageId).flatMap((r) => rangesIn(r, query));
      registry.set(ALL, new Highlight(...rest));
      registry.set(CURRENT, new Highlight(...current));
    };
    lay();
    const watch = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(lay);
    });
    watch.observe(canvas, { childList: true, subtree: true, characterData: true });
    return () => {
      watch.disconnect();
      if (frame) cancelAnimationFrame(frame);
      registry.delete(ALL);
      registry.delete(CURRENT);
    };
  }, [query, currentMessageId]);
}
