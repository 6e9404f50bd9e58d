/**
 * How many speech calls (spec 4.10) each text was billed as since the sandbox started, for
 * `/_sandbox/submissions` (docs/sandbox.md): speech answers at once, with no task to count, so a
 * client that bought one narration twice shows a count of 2 here.
 */
import type { SandboxState } from './context.js';

const counts = new WeakMap<SandboxState, Map<string, number>>();

export function countSpeech(s: SandboxState, input: string): void {
  const m = counts.get(s) ?? new Map<string, number>();
  counts.set(s, m);
  m.set(input, (m.get(input) ?? 0) + 1);
}

export function speechCounts(s: SandboxState): Record<string, number> {
  return Object.fromEntries(counts.get(s) ?? []);
}
