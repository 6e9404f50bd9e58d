/**
 * When a state the page reaches is on screen: the frame it is drawn in, not the one after.
 *
 * `UNTIL_SHOWN` is a function, as a string for the page (chat-probes.ts says why strings):
 * `(check, onWait) => Promise<number>`. Once a frame it calls `check`, after that frame's style,
 * layout and the page's own ResizeObservers and before the frame is painted; `check` returns ''
 * once the page shows what is waited for, or what it still waits for (handed to `onWait`). The
 * promise resolves with the time that frame was painted.
 *
 * Why after the page's observers: the studio's message list keeps to its end from a
 * ResizeObserver (docs/performance-findings.md, "Keeping to the end in the same frame"), which runs after
 * the frame's animation callbacks. A check from `requestAnimationFrame` found the view not yet at
 * the end in the very frame that then drew it there, and counted one frame more (about 17 ms) than
 * the user waits. Observers are called in the order they were made, so one made in the frame's
 * animation callback, observing the root (its first size is always reported), is called after the
 * page's. A message posted from it is handled after that frame's paint ("on screen" means
 * painted, not only in the DOM); asking for another frame would add one.
 */
export const UNTIL_SHOWN = `(check, onWait = () => {}) => new Promise((resolve) => {
  const frame = () => {
    const after = new ResizeObserver(() => {
      after.disconnect();
      const waiting = check();
      if (waiting) {
        onWait(waiting);
        requestAnimationFrame(frame);
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
    after.observe(document.documentElement);
  };
  requestAnimationFrame(frame);
})`;
