// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { escStopsReply, focusAfterLoss, focusLost } from './focus-keeping.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** An element with its attributes and children, put nowhere yet. */
function el(tag: string, attrs: Record<string, string> = {}, ...children: (Element | string)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** Puts `elements` as the page's body. */
const page = (...elements: Element[]) => document.body.replaceChildren(...elements);

/** Presses Esc on `target` and reports whether the conversation would take it to stop its reply. */
function esc(target: Element, init: KeyboardEventInit = {}): boolean {
  let taken = false;
  const listen = (e: Event) => {
    taken = escStopsReply(e as KeyboardEvent);
  };
  document.addEventListener('keydown', listen);
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init }));
  document.removeEventListener('keydown', listen);
  return taken;
}

describe('Esc in the Chat tab', () => {
  it('stops the reply from <body> and from any plain control', () => {
    page(el('main', {}, el('button', { id: 'b' }, 'Copy'), el('input', { id: 'i', type: 'search' })));
    expect(esc(document.body)).toBe(true);
    expect(esc(document.getElementById('b')!)).toBe(true);
    expect(esc(document.getElementById('i')!)).toBe(true);
  });

  it('is left to what is open: a dialog, a menu, a listbox, a field whose list is open', () => {
    page(
      el('div', { role: 'dialog' }, el('button', { id: 'in-dialog' }, 'Close')),
      el('ul', { role: 'menu' }, el('li', { role: 'menuitem', tabindex: '-1', id: 'in-menu' }, 'Copy')),
      el('ul', { role: 'listbox' }, el('li', { role: 'option', id: 'in-list' }, 'modela-5')),
      el('input', { id: 'combo', role: 'combobox', 'aria-expanded': 'true' }),
    );
    for (const id of ['in-dialog', 'in-menu', 'in-list', 'combo']) expect(esc(document.getElementById(id)!), id).toBe(false);
  });

  it('is left to an open modal wherever focus was left, and to a control that already used it', () => {
    page(el('button', { id: 'b' }, 'Copy'), el('dialog', { open: '' }, el('p', {}, 'Full size')));
    expect(esc(document.body)).toBe(false);
    page(el('button', { id: 'b' }, 'Copy'));
    const b = document.getElementById('b')!;
    b.addEventListener('keydown', (e) => e.preventDefault());
    expect(esc(b)).toBe(false);
    // Another key, or Esc confirming an input method's text, is not a stop.
    expect(esc(document.body, { key: 'Enter' })).toBe(false);
    expect(esc(document.body, { isComposing: true })).toBe(false);
  });
});

describe('focus a vanished control took with it', () => {
  const pane = () => {
    const p = el(
      'div',
      {},
      el('article', {}, el('button', { id: 'regen' }, 'Regenerate')),
      el('form', { class: 'chat-composer' }, el('textarea', { class: 'chat-input' }), el('button', { id: 'stop', class: 'chat-stop', type: 'button' }, 'Stop'), el('button', { id: 'send', type: 'submit' }, 'Send')),
    );
    page(p);
    return p;
  };

  it('goes to Stop from a reply’s button while the reply streams', () => {
    const p = pane();
    const regen = document.getElementById('regen')!;
    regen.focus();
    regen.remove();
    expect(focusLost(regen)).toBe(true);
    expect(focusAfterLoss(p, regen)?.id).toBe('stop');
  });

  it('goes to the message box from Send (disabled) and from Stop (gone)', () => {
    const p = pane();
    const send = document.getElementById('send') as HTMLButtonElement;
    send.focus();
    send.disabled = true;
    expect(focusLost(send)).toBe(true);
    expect(focusAfterLoss(p, send)?.tagName).toBe('TEXTAREA');
    const stop = document.getElementById('stop')!;
    stop.remove();
    expect(focusAfterLoss(p, stop)?.tagName).toBe('TEXTAREA');
  });

  it('stays with the messages when their list is drawn again whole (the rest of a long conversation came), even while a reply streams', () => {
    const p = pane();
    const list = el('div', { class: 'chat-scroll', tabindex: '0' });
    p.prepend(list);
    list.focus();
    const again = el('div', { class: 'chat-scroll', tabindex: '0', id: 'again' });
    list.replaceWith(again);
    expect(focusLost(list)).toBe(true);
    expect(focusAfterLoss(p, list)?.id).toBe('again');
  });

  it('is not taken from where the creator put it', () => {
    pane();
    const regen = document.getElementById('regen')!;
    const send = document.getElementById('send')!;
    regen.focus();
    send.focus();
    // Regenerate is still there and enabled: focus moved on by choice.
    expect(focusLost(regen)).toBe(false);
  });
});
