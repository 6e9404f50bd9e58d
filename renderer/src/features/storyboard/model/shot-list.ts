/**
 * The board's shot list as the page edits it (docs/storyboards.md, "The board"): the host takes the
 * whole list on each save and keeps a shot's done stages by its id, so a move keeps the id, a
 * duplicate takes a new one (its stages all start anew), and nothing here knows about stages.
 */
import { GENERATIONS_VIDEO_MODELS, SPEECH_LIMITS } from '@shared/gateway/catalog.js';
import { MAX_SHOTS, STORYBOARD_VIDEO_MODELS, type BoardInput, type Shot, type ShotView } from '@shared/contract/storyboard.js';

export const DEFAULT_IMAGE_MODEL = 'seedream-4-0';
export const BOARD_RATIOS = ['16:9', '9:16', '1:1'] as const;

export type NewId = () => string;
const uuid: NewId = () => crypto.randomUUID();

export function newShot(newId: NewId = uuid): Shot {
  const model = STORYBOARD_VIDEO_MODELS[0];
  return {
    id: newId(),
    picture: { source: 'generate', model: DEFAULT_IMAGE_MODEL, prompt: '' },
    video: { model, durationSeconds: GENERATIONS_VIDEO_MODELS[model].duration.default },
    narration: null,
  };
}

export const canAdd = (shots: readonly Shot[]) => shots.length < MAX_SHOTS;

/** A new empty shot after `after` (an index), or at the end. */
export function addShot(shots: readonly Shot[], after = shots.length - 1, newId: NewId = uuid): Shot[] {
  if (!canAdd(shots)) return [...shots];
  const next = [...shots];
  next.splice(after + 1, 0, newShot(newId));
  return next;
}

/** Moves the shot at `index` by `by` places (−1 up, +1 down); unchanged at either end. */
export function moveShot(shots: readonly Shot[], index: number, by: -1 | 1): Shot[] {
  const to = index + by;
  if (index < 0 || index >= shots.length || to < 0 || to >= shots.length) return [...shots];
  const next = [...shots];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** A copy of the shot right after it: the same picture, video and narration under a new id. */
export function duplicateShot(shots: readonly Shot[], index: number, newId: NewId = uuid): Shot[] {
  const shot = shots[index];
  if (!shot || !canAdd(shots)) return [...shots];
  const copy: Shot = structuredClone({ id: shot.id, picture: shot.picture, video: shot.video, narration: shot.narration });
  copy.id = newId();
  const next = [...shots];
  next.splice(index + 1, 0, copy);
  return next;
}

export function removeShot(shots: readonly Shot[], index: number): Shot[] {
  return shots.filter((_, i) => i !== index);
}

export function updateShot(shots: readonly Shot[], index: number, patch: (shot: Shot) => Shot): Shot[] {
  return shots.map((s, i) => (i === index ? patch(s) : s));
}

/** A shot as the contract takes it: the stages the host reported are left out. */
export function plainShot(shot: Shot | ShotView): Shot {
  return { id: shot.id, picture: shot.picture, video: shot.video, narration: shot.narration };
}

export function boardInput(board: { title: string; aspectRatio: string; shots: readonly (Shot | ShotView)[] }): BoardInput {
  return { title: board.title, aspectRatio: board.aspectRatio, shots: board.shots.map(plainShot) };
}

export type Missing = 'picturePrompt' | 'picture' | 'narrationText';

/**
 * What a shot still lacks before the host can check it: a save waits for it rather than show a
 * refusal while the creator is still typing.
 */
export function missingOf(shot: Shot): Missing | undefined {
  if (shot.picture.source === 'generate' && !shot.picture.prompt.trim()) return 'picturePrompt';
  if (shot.picture.source === 'library' && !shot.picture.itemId) return 'picture';
  if (shot.narration && !shot.narration.text.trim()) return 'narrationText';
  return undefined;
}

export function firstMissing(shots: readonly Shot[]): { index: number; missing: Missing } | undefined {
  for (const [index, shot] of shots.entries()) {
    const missing = missingOf(shot);
    if (missing) return { index, missing };
  }
  return undefined;
}

/** The video model's length range and ratios. */
export const videoSpec = (model: string) => GENERATIONS_VIDEO_MODELS[model];

export const DEFAULT_NARRATION = { text: '', voice: 'alloy', speed: SPEECH_LIMITS.speed.default } as const;

/** The shot a host refusal names (`param` `shots.<i>…`), or undefined. */
export function shotOfParam(param: string | undefined): number | undefined {
  const m = /^shots\.(\d+)/.exec(param ?? '');
  return m ? Number(m[1]) : undefined;
}
