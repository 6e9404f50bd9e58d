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

const focused = new WeakSet<Element>();

function focusOnMount(el: Element | null) {
  if (!el || focused.has(el)) return;
  focused.add(el);
  (el as HTMLElement).focus();
}

// One wrapper per ref the component gave: a new function at each render would make Preact call
// the component's own ref with null and the element again every time.
const wrappers = new WeakMap<object, (el: Element | null) => unknown>();

function withFocus(own: Ref): (el: Element | null) => unknown {
  if (!own) return focusOnMount;
  let wrapper = wrappers.get(own);
  if (!wrapper) {
    wrapper = (el) => {
      const cleanup = typeof own === 'function' ? own(el) : ((own.current = el), undefined);
      focusOnMount(el);
      return cleanup;
    };
    wrappers.set(own, wrapper);
  }
  return wrapper;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown } | null;
  if (typeof vnode.type === 'string' && props && 'autoFocus' in props) {
    const wanted = Boolean(props.autoFocus);
    delete props.autoFocus;
    if (wanted) (vnode as { ref?: Ref }).ref = withFocus((vnode as { ref?: Ref }).ref);
  }
  previous?.(vnode);
};
