/**
 * Keyboard rules of the open conversation: Esc stops the reply being written from anywhere while
 * the Chat tab is shown (focus on <body> too), unless something open uses Esc itself; and focus
 * that a pressed control takes with it when it goes (Regenerate, Retry and Continue vanish as
 * their reply starts; Send is disabled while it streams; Stop vanishes as it ends) lands on the
 * conversation's next useful control, never on <body>.
 */

/** What Esc closes before anything else: a dialog or a menu, or a list a field has open. */
const OVERLAY = 'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-modal="true"], [role="combobox"][aria-expanded="true"], [aria-haspopup][aria-expanded="true"]';

/** Whether this Esc is the conversation's, to stop its reply. */
export function escStopsReply(e: KeyboardEvent): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(OVERLAY)) return false;
  // A modal elsewhere on the page (a lightbox) has the keyboard, wherever focus was left.
  return !(target?.ownerDocument ?? document).querySelector('dialog[open], [aria-modal="true"]');
}

/** The element focus fell from: it left the page, or can no longer be focused, and nothing else took focus. */
export function focusLost(was: HTMLElement): boolean {
  const now = was.ownerDocument.activeElement;
  const nowhere = now === null || now === was.ownerDocument.body || now === was;
  return nowhere && (!was.isConnected || was.matches(':disabled'));
}

/**
 * Where focus goes when the control that had it went: while a reply streams, Stop (the one
 * thing to do, and what Esc also does), unless the lost control was in the composer (Send, Stop
 * itself), which hands focus to the message box; otherwise the message box. The message list
 * itself, replaced, hands it to its successor.
 */
export function focusAfterLoss(pane: HTMLElement, was: HTMLElement): HTMLElement | null {
  // The message list drawn again whole (the rest of a long conversation came, message-list.tsx's
  // key): a reader moving through the messages goes on there, not in the message box.
  if (was.classList.contains('chat-scroll')) {
    const list = pane.querySelector<HTMLElement>('.chat-scroll');
    if (list) return list;
  }
  const composer = pane.querySelector<HTMLElement>('.chat-composer');
  const box = composer?.querySelector<HTMLElement>('textarea.chat-input') ?? null;
  const stop = composer?.querySelector<HTMLElement>('.chat-stop') ?? null;
  // A control that left the page is in no composer any more: where it was is known by its class.
  const fromComposer = composer?.contains(was) || was.classList.contains('chat-stop');
  return stop && !fromComposer ? stop : box;
}
