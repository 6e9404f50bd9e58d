/**
 * A gateway's refusal belongs to the profile it was answered for. Each tab keeps its last failed
 * call (a 402, "could not reach") in `useGatewayFailure`, which forgets it the moment another
 * profile becomes active: one count of switches, fed by the host's `profiles.onDidChange`
 * (client.ts), is the whole mechanism, so no tab needs code of its own to clear it. The inputs
 * are the tabs' drafts, which live elsewhere and stay as typed.
 */
import { useCallback, useState } from 'react';
import { create } from 'zustand';
import type { ErrorData } from '@shared/contract/error-data.js';

interface ProfileSwitches {
  /** The active profile the renderer last heard of; undefined before the first word of it. */
  activeId: string | undefined;
  /** How many times the active profile has changed since the page loaded. */
  count: number;
}

const useSwitches = create<ProfileSwitches>()(() => ({ activeId: undefined, count: 0 }));

/** The host named the active profile; a different one than before is a switch. Returns whether it was. */
export function profileShown(activeId: string): boolean {
  const { activeId: before, count } = useSwitches.getState();
  if (before === activeId) return false;
  useSwitches.setState({ activeId, count: before === undefined ? count : count + 1 });
  return before !== undefined;
}

/** Subscribes to switches outside React (the balance widget's errored reads are reset on one). */
export const onProfileSwitch = (listener: () => void) => useSwitches.subscribe((s, prev) => s.count !== prev.count && listener());

/**
 * A tab's last gateway failure and its setter, as `useState<ErrorData | null>` would give, except
 * that a failure set before the latest profile switch reads as none.
 */
export function useGatewayFailure(): [ErrorData | null, (error: ErrorData | null) => void] {
  const switches = useSwitches((s) => s.count);
  const [held, setHeld] = useState<{ error: ErrorData; at: number } | null>(null);
  const set = useCallback((error: ErrorData | null) => setHeld(error ? { error, at: useSwitches.getState().count } : null), []);
  return [held && held.at === switches ? held.error : null, set];
}
