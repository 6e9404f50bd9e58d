/**
 * A component whose code is a chunk of its own, fetched once: `preload` starts it (app/first-screen.ts
 * does, beside the data it shows), and `Loaded` draws it, or `fallback` until its chunk is in (then
 * it re-renders with it). Not React.lazy: a lazy component shows its fallback at least once, and
 * React holds a revealed fallback for 300 ms; one already loaded renders at once here.
 */
import { createElement, useEffect, useState, type ComponentProps, type JSXElementConstructor, type ReactNode } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React's own ComponentProps takes them
type AnyComponent = JSXElementConstructor<any>;

export function chunkComponent<C extends AnyComponent>(load: () => Promise<C>) {
  let component: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = (): Promise<C> => (loading ??= load().then((c) => (component = c)));
  function Loaded({ fallback, ...props }: ComponentProps<C> & { fallback: ReactNode }) {
    const [, arrived] = useState(0);
    useEffect(() => {
      if (!component) void preload().then(() => arrived((n) => n + 1));
    }, []);
    return component ? createElement(component, props as ComponentProps<C>) : fallback;
  }
  return { preload, Loaded };
}
