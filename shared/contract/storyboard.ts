/**
 * Storyboards (docs/storyboards.md): a list of shots, each a picture (generated, or taken from the
 * Gallery), a video started from that picture, and a narration line. The host runs a board as a
 * chain in its job queue: each stage starts once its input is saved, a failed stage stops only its
 * own shot, nothing already paid is made again, and the chain goes on with the window closed and
 * after a restart. The page edits a board by sending its whole shot list; a shot keeps the stages
 * it has done by its id, except those its change makes stale (the dependency rule, in the doc).
 */
import { z } from 'zod';
import { TextData, zodMessage } from '../messages/index.js';
import { GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, SPEECH_LIMITS, SPEECH_MODELS, SPEECH_VOICES } from '../gateway/catalog.js';
import { BudgetCheck } from './budgets.js';

/** The most shots one board holds. */
export const MAX_SHOTS = 50;
export const MAX_PROMPT_CHARS = 4_000;

type Tuple = [string, ...string[]];
const imageModels = Object.keys(IMAGE_MODELS) as Tuple;
/** The video models that take a starting image (spec 4.7, `image_url`): the generations route's. */
export const STORYBOARD_VIDEO_MODELS = Object.keys(GENERATIONS_VIDEO_MODELS) as Tuple;
const voices = Object.keys(SPEECH_VOICES) as [keyof typeof SPEECH_VOICES, ...(keyof typeof SPEECH_VOICES)[]];

const BoardId = z.string().min(1).max(100);
/** A shot's id, chosen by the page (a UUID): it keeps the stages done across edits and reorders. */
export const ShotId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** A library item's id, as the library names them. */
const ItemId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Prompt = z.string().trim().min(1, zodMessage('rules.media.describeImage')).max(MAX_PROMPT_CHARS);
const AspectRatio = z.string().regex(/^\d{1,2}:\d{1,2}$/);

export const ShotPicture = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('generate'),
    model: z.enum(imageModels),
    prompt: Prompt,
    /** As the model's form names them (checked against the model's rules before anything is queued). */
    resolution: z.string().max(20).optional(),
    size: z.string().max(20).optional(),
  }),
  z.object({ source: z.literal('library'), itemId: ItemId }),
]);
export type ShotPicture = z.infer<typeof ShotPicture>;

export const ShotVideo = z.object({
  model: z.enum(STORYBOARD_VIDEO_MODELS),
  /** What moves; absent: the picture's prompt (or the board's title for a Gallery picture). */
  prompt: z.string().trim().max(MAX_PROMPT_CHARS).optional(),
  durationSeconds: z.number().int().min(1).max(60),
  /** Absent: the board's. */
  aspectRatio: AspectRatio.optional(),
});
export type ShotVideo = z.infer<typeof ShotVideo>;

export const ShotNarration = z.object({
  text: z.string().trim().min(1, zodMessage('rules.media.speechText')).max(SPEECH_LIMITS.maxInputChars, zodMessage('rules.media.speechMaxChars', { max: SPEECH_LIMITS.maxInputChars })),
  voice: z.enum(voices),
  speed: z.number().min(SPEECH_LIMITS.speed.min, zodMessage('rules.media.speechSpeed')).max(SPEECH_LIMITS.speed.max, zodMessage('rules.media.speechSpeed')),
  /** Absent: tts-1. */
  model: z.enum(SPEECH_MODELS).optional(),
});
export type ShotNarration = z.infer<typeof ShotNarration>;

export const Shot = z.object({
  id: ShotId,
  picture: ShotPicture,
  video: ShotVideo,
  narration: ShotNarration.nullable(),
});
export type Shot = z.infer<typeof Shot>;

export const BoardInput = z.object({
  title: z.string().trim().min(1).max(200),
  /** The board's one ratio: every video's, unless a shot names its own. */
  aspectRatio: AspectRatio,
  shots: z.array(Shot).max(MAX_SHOTS),
});
export type BoardInput = z.infer<typeof BoardInput>;

export const STAGES = ['picture', 'video', 'narration'] as const;
export type StageName = (typeof STAGES)[number];

/**
 * `idle`: not asked for (the board is not running, or its input stopped); `waiting`: queued, or
 * waiting for its input; `running`: being sent, made or saved; `done`: saved to the library;
 * `failed`: refused, failed, or its fate unknown (retryShot makes it again).
 */
export const STAGE_STATES = ['idle', 'waiting', 'running', 'done', 'failed'] as const;
export type StageState = (typeof STAGE_STATES)[number];

export const StageView = z.object({
  state: z.enum(STAGE_STATES),
  /** The job in the host's queue (pictures and videos); narration is a direct call and has none. */
  jobId: z.string().optional(),
  /** The library item it saved (a Gallery picture: the item chosen). */
  itemId: z.string().optional(),
  error: TextData.optional(),
});
export type StageView = z.infer<typeof StageView>;

export const ShotView = Shot.extend({
  stages: z.object({ picture: StageView, video: StageView, narration: StageView }),
});
export type ShotView = z.infer<typeof ShotView>;

export const BoardView = z.object({
  id: BoardId,
  title: z.string(),
  aspectRatio: z.string(),
  shots: z.array(ShotView),
  /** A run under way: asked for, not cancelled, something still waiting or being made. Clears itself once the run is over. */
  running: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type BoardView = z.infer<typeof BoardView>;

export const BoardSummary = z.object({
  id: BoardId, title: z.string(), aspectRatio: z.string(), shots: z.number().int().nonnegative(), running: z.boolean(),
  done: z.number().int().nonnegative(), failed: z.number().int().nonnegative(), createdAt: z.number(), updatedAt: z.number(),
});
export type BoardSummary = z.infer<typeof BoardSummary>;

/** What a run would still make: stages not done and not under way, priced by the quote module. */
export const BoardEstimate = z.object({
  jobs: z.number().int().nonnegative(),
  stages: z.array(z.object({ shotId: z.string(), stage: z.enum(STAGES) })),
  /** Summed quotes; `money` absent while any stage is unpriced (never 0), `unpriced` counts those. */
  cost: z.object({ basis: z.enum(['user', 'estimated', 'unpriced']), money: z.number().int().optional(), low: z.number().int().optional(), high: z.number().int().optional(), unpriced: z.number().int().nonnegative() }),
  budget: BudgetCheck,
});
export type BoardEstimate = z.infer<typeof BoardEstimate>;

const id = z.object({ id: BoardId });

export const storyboardMethods = {
  /** Newest first. */
  'storyboard.list': { input: z.object({}), output: z.array(BoardSummary) },
  'storyboard.get': { input: id, output: BoardView },
  /** Checks every shot as a run would (models' rules, Gallery items), then keeps it; nothing is queued. */
  'storyboard.create': { input: BoardInput, output: BoardView },
  /** Replaces title, ratio and the whole shot list; stages made stale by a change are reset (docs/storyboards.md). */
  'storyboard.update': { input: id.extend(BoardInput.shape), output: BoardView },
  /** Forgets the board: its waiting jobs are cancelled; jobs under way and saved files stay. */
  'storyboard.remove': { input: id, output: z.object({ removed: z.boolean() }) },
  /** The jobs a run would send now, their cost and the budgets' verdict. */
  'storyboard.estimate': { input: id, output: BoardEstimate },
  /** Starts (or goes on with) the chain: every stage not done is made once its input is saved. */
  'storyboard.run': { input: id, output: BoardView },
  /** Makes a shot's failed stages again (a failed job is a new, paid job: the UI confirms first). */
  'storyboard.retryShot': { input: id.extend({ shotId: ShotId }), output: BoardView },
  /** Stops the chain: waiting jobs are cancelled; what is being sent or made goes on (it may be paid). */
  'storyboard.cancel': { input: id, output: BoardView },
} as const;

export const storyboardEvents = {
  /** A board's shots or stages changed. */
  'storyboard.onDidChange': BoardView,
  'storyboard.onDidRemove': id,
} as const;
