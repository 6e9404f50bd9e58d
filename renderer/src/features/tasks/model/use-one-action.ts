/**
 * A row's actions, one at a time: a second click lands before React re-renders the disabled
 * button, so one call per intent. Which action runs is `busy`; a failure stays on the row as
 * `error` (what `explain` makes of it) until the next action.
 */
import { useRef, useState } from 'react';

export function useOneAction<A, E>(perform: (action: A) => Promise<void>, explain: (err: unknown) => E) {
  const [busy, setBusy] = useState<A | null>(null);
  const [error, setError] = useState<E | null>(null);
  const running = useRef(false);
  const run = async (action: A): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(action);
    setError(null);
    try {
      await perform(action);
      return true;
    } catch (err) {
      setError(explain(err));
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };
  return { busy, error, run };
}
