/**
 * happy-dom lays nothing out and has no idle callbacks: for tests of the chat's message list, the
 * list's view is given a small window's size (800 × 600), and the conversations sidebar's list
 * (drawn as a window too) a sidebar's (280 × 600); each message row `rowPx` of height when given
 * (unmeasured rows are 0 px otherwise), and idle callbacks run as timers (a long reply renders
 * parts ahead of the view once idle; a long conversation asks for its rest once idle).
 */
export function chatViewLikeAWindow({ rowPx }: { rowPx?: number } = {}): void {
  globalThis.requestIdleCallback ??= (run) => setTimeout(run, 0) as unknown as number;
  globalThis.cancelIdleCallback ??= (id) => clearTimeout(id);
  const rect = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (this.classList.contains('chat-scroll')) return new DOMRect(0, 0, 800, 600);
    if (this.classList.contains('chat-conv-nav')) return new DOMRect(0, 0, 280, 600);
    return rowPx !== undefined && this.classList.contains('chat-row') ? new DOMRect(0, 0, 800, rowPx) : rect.call(this);
  };
  for (const [name, px] of [['clientWidth', 800], ['clientHeight', 600]] as const) {
    // happy-dom defines them on HTMLElement; other elements (the sidebar's list) keep its own.
    const own = (Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name))!;
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('chat-conv-nav')) return name === 'clientWidth' ? 280 : 600;
        return this.classList.contains('chat-scroll') ? px : own.get!.call(this);
      },
    });
  }
}
