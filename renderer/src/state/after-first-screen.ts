/**
 * Work the first screen does not show waits for it: a task runs in an idle period once the tab a
 * launch opens has said its first screen is usable (first-screen-ready.ts), or at once on a launch
 * on any other tab, which raises nothing. The balance, the budgets' state and the start-up
 * problems are asked for then, and the first number formatter made: their requests, answers,
 * renders and ICU's locale data were part of the first render's effects and of the long tasks
 * about when a user starts to type (docs/performance-findings.md, "Start-up: plain strings, the
 * first formatter").
 */
import { useEffect, useState } from 'react';
import { whenFirstScreenReady } from './first-screen-ready.js';
import { useUiStore } from './ui-store.js';

/** How long what waits for the signal waits before it goes on anyway (an error shown in the first screen's place raises nothing). */
export const FIRST_SCREEN_FALLBACK_MS = 5_000;
/** An idle period comes within this long, or the task runs anyway. */
const IDLE_LIMIT_MS = 1_000;

let settled = false;

const onIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: IDLE_LIMIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
};

/**
 * Runs `task` once the launch's first screen is usable: on the signal (or after `fallbackMs`) when
 * the launch opened the Chat tab, at once on any other, which raises none. Returns a cancel.
 */
export function whenLaunchScreenReady(task: () => void, fallbackMs = FIRST_SCREEN_FALLBACK_MS): () => void {
  if (useUiStore.getState().tab === 'chat') return whenFirstScreenReady(task, fallbackMs);
  task();
  return () => undefined;
}

/** Runs `task` in an idle period after the first screen (each task its own period). Returns a cancel. */
export function afterFirstScreen(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const idle = () => {
    cancelIdle = onIdle(() => {
      settled = true;
      task();
    });
  };
  if (settled) {
    idle();
    return () => cancelIdle?.();
  }
  const cancelWait = whenLaunchScreenReady(idle);
  return () => {
    cancelWait();
    cancelIdle?.();
  };
}

/** False until the first screen is usable and the page idle; true at once for what mounts later. */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(settled);
  useEffect(() => (after ? undefined : afterFirstScreen(() => setAfter(true))), [after]);
  return after;
}
