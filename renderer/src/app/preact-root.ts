/**
 * `react-dom/client` for the studio, which renders with Preact (vite.config.ts, PREACT_ALIASES;
 * docs/performance-findings.md, "Start-up: Preact in React's place"): Preact's `createRoot`, plus
 * the one React behaviour the studio relies on that Preact's compatibility layer leaves out.
 *
 * `autoFocus`: React focuses such an element when it is mounted (a dialog's safe button, a field
 * opened for renaming). Preact only writes the `autofocus` attribute, and a browser honours that
 * once per page at most, so every later confirmation would open with the focus left behind.
 */
import { options, type VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

type Ref = ((el: Element | null) => unknown) | { current: Element | null } | null | undefined;
type RefCallback = (el: Element | null) => unknown;

// Every element an autoFocus-bearing vnode was ever attached to: only the first attachment is a
// mount. A later `autoFocus` turning true swaps the ref below, which Preact attaches again to the
// same element; React does not focus then, and neither does this.
const seen = new WeakSet<Element>();

function attached(el: Element | null, focus: boolean) {
  if (!el || seen.has(el)) return;
  seen.add(el);
  if (focus) (el as HTMLElement).focus();
}

const focusOnMount: RefCallback = (el) => attached(el, true);
const noteMount: RefCallback = (el) => attached(el, false);

// One pair of wrappers per ref the component gave: a new function at each render would make
// Preact call the component's own ref with null and the element again every time.
const wrappers = new WeakMap<object, [RefCallback, RefCallback]>();

function withMount(own: Ref, focus: boolean): RefCallback {
  if (!own) return focus ? focusOnMount : noteMount;
  let pair = wrappers.get(own);
  if (!pair) {
    const wrap = (wanted: boolean): RefCallback => (el) => {
      const cleanup = typeof own === 'function' ? own(el) : ((own.current = el), undefined);
      attached(el, wanted);
      return cleanup;
    };
    pair = [wrap(false), wrap(true)];
    wrappers.set(own, pair);
  }
  return pair[focus ? 1 : 0];
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown } | null;
  if (typeof vnode.type === 'string' && props && 'autoFocus' in props) {
    const wanted = Boolean(props.autoFocus);
    delete props.autoFocus;
    (vnode as { ref?: Ref }).ref = withMount((vnode as { ref?: Ref }).ref, wanted);
  }
  previous?.(vnode);
};
