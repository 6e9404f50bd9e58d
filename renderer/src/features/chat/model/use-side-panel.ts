/**
 * The conversation's settings side panel: open or closed as the creator left it (a draft, so a
 * reload keeps it), focus moved into it when they open it and back where they were when they
 * close it (the header's toggle when that is gone), so keyboard and screen-reader users never
 * lose their place (docs/house-rules.md, keyboard access). A panel remembered open is not focused
 * at start: nobody asked for it then.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useDraft } from '../../../state/drafts.js';

export interface SidePanel {
  open: boolean;
  show(): void;
  close(): void;
  toggle(): void;
  /** The header's toggle button: where focus returns when the opener is gone. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** What receives focus on opening (the panel's heading). */
  focusRef: RefObject<HTMLHeadingElement | null>;
}

export function useSidePanel(): SidePanel {
  const [ui, setUi] = useDraft('chat-ui', { settingsOpen: false });
  const toggleRef = useRef<HTMLButtonElement>(null);
  const focusRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const move = useRef<'in' | 'back' | null>(null);
  const open = ui.settingsOpen;

  useEffect(() => {
    const where = move.current;
    move.current = null;
    if (where === 'in') focusRef.current?.focus();
    else if (where === 'back') (opener.current?.isConnected ? opener.current : toggleRef.current)?.focus();
  }, [open]);

  const show = useCallback(() => {
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    if (open) {
      focusRef.current?.focus();
      return;
    }
    move.current = 'in';
    setUi({ settingsOpen: true });
  }, [open, setUi]);
  const close = useCallback(() => {
    move.current = 'back';
    setUi({ settingsOpen: false });
  }, [setUi]);
  const toggle = useCallback(() => (open ? close() : show()), [open, close, show]);
  return { open, show, close, toggle, toggleRef, focusRef };
}
