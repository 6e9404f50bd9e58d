/**
 * The rules of the "Largest file to save" form. The bounds and defaults mirror the contract's
 * `MediaLimits` (shared/contract/settings.ts) by hand, so the Settings chunk does not pull zod
 * in; media-limits.test.ts holds them equal, and the host checks again either way.
 */
import type { MediaLimits } from '@shared/contract/settings.js';

export const LIMIT_KINDS = ['imageMb', 'videoMb', 'audioMb'] as const satisfies readonly (keyof MediaLimits)[];
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const LIMIT_BOUNDS: Record<LimitKind, { min: number; max: number }> = {
  imageMb: { min: 1, max: 4096 },
  videoMb: { min: 1, max: 65536 },
  audioMb: { min: 1, max: 4096 },
};
export const DEFAULT_LIMITS: MediaLimits = { imageMb: 100, videoMb: 4096, audioMb: 500 };

export type LimitDraft = Record<LimitKind, string>;
/** Why a typed limit was refused: not a whole number, or outside its bounds. */
export type LimitProblem = 'notWhole' | 'outOfRange';

/** Full-width digits (typed with a Chinese input method) read as the digits they are. */
const halfWidth = (text: string) => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

export function parseLimit(kind: LimitKind, text: string): { value: number } | { problem: LimitProblem } {
  const digits = halfWidth(text.trim());
  if (!/^\d+$/.test(digits)) return { problem: 'notWhole' };
  const value = Number(digits);
  const { min, max } = LIMIT_BOUNDS[kind];
  return value >= min && value <= max ? { value } : { problem: 'outOfRange' };
}

/** Every field's problem, or the limits to save when there is none. */
export function checkLimits(draft: LimitDraft): { limits: MediaLimits } | { problems: Partial<Record<LimitKind, LimitProblem>> } {
  const limits = { ...DEFAULT_LIMITS };
  const problems: Partial<Record<LimitKind, LimitProblem>> = {};
  for (const kind of LIMIT_KINDS) {
    const parsed = parseLimit(kind, draft[kind]);
    if ('problem' in parsed) problems[kind] = parsed.problem;
    else limits[kind] = parsed.value;
  }
  return Object.keys(problems).length ? { problems } : { limits };
}

export const draftOf = (limits: MediaLimits): LimitDraft => ({ imageMb: String(limits.imageMb), videoMb: String(limits.videoMb), audioMb: String(limits.audioMb) });
