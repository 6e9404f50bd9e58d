/**
 * The spec's tables side by side: the studio's (shared/gateway/catalog.ts) and the sandbox's own
 * (sandbox/spec/tables.ts), each read into the same plain shape, and every value on which they
 * differ, by its path. Only tests read this.
 */
import type * as StudioCatalog from '@shared/gateway/catalog.js';
import type * as SandboxTables from '../spec/tables.js';

export type Tables = Record<string, unknown>;

type Studio = Pick<typeof StudioCatalog, 'IMAGE_MODELS' | 'REFERENCE_IMAGE_MAX_BYTES' | 'REFERENCE_IMAGE_FORMATS' | 'GENERATIONS_VIDEO_MODELS'
  | 'MULTIPART_VIDEO_MODELS' | 'MULTIPART_VIDEO_SECONDS' | 'MULTIPART_VIDEO_SIZES' | 'MULTIPART_VIDEO_DEFAULTS' | 'SPEECH_MODELS' | 'SPEECH_VOICES'
  | 'SPEECH_FORMATS' | 'SPEECH_CONTENT_TYPES' | 'SPEECH_LIMITS' | 'TEXT_LIMITS' | 'NATIVE_TEXT_MODELS' | 'NATIVE_IMAGE_MODELS' | 'NATIVE_THINKING_MODELS'>;
type Sandbox = typeof SandboxTables;

const range = (r: { min: number; max: number }) => ({ min: r.min, max: r.max });

/** The studio's catalog in the one shape both are compared in. */
export function studioTables(c: Studio): Tables {
  return {
    image: Object.fromEntries(Object.entries(c.IMAGE_MODELS).map(([id, m]) => [id, {
      sizes: m.sizes, defaultSize: m.defaultSize, resolutions: m.resolutions, defaultResolution: m.defaultResolution,
      n: m.n, maxReferences: m.maxReferences, sequential: m.sequential, watermark: m.watermark,
    }])),
    references: { maxBytes: c.REFERENCE_IMAGE_MAX_BYTES, formats: c.REFERENCE_IMAGE_FORMATS },
    video: Object.fromEntries(Object.entries(c.GENERATIONS_VIDEO_MODELS).map(([id, m]) => [id, {
      duration: m.duration, aspectRatios: m.aspectRatios, defaultAspectRatio: m.defaultAspectRatio,
    }])),
    multipartVideo: { models: c.MULTIPART_VIDEO_MODELS, seconds: c.MULTIPART_VIDEO_SECONDS, sizes: c.MULTIPART_VIDEO_SIZES, defaults: c.MULTIPART_VIDEO_DEFAULTS },
    speech: {
      models: c.SPEECH_MODELS, voices: Object.keys(c.SPEECH_VOICES), formats: c.SPEECH_FORMATS, contentTypes: c.SPEECH_CONTENT_TYPES,
      maxInputChars: c.SPEECH_LIMITS.maxInputChars, speed: c.SPEECH_LIMITS.speed,
    },
    text: {
      temperature: range(c.TEXT_LIMITS.temperature), top_p: range(c.TEXT_LIMITS.top_p),
      frequency_penalty: range(c.TEXT_LIMITS.frequency_penalty), presence_penalty: range(c.TEXT_LIMITS.presence_penalty),
      stopSequences: c.TEXT_LIMITS.stopSequences, n: range(c.TEXT_LIMITS.n),
    },
    native: { text: c.NATIVE_TEXT_MODELS, image: c.NATIVE_IMAGE_MODELS, thinking: c.NATIVE_THINKING_MODELS },
  };
}

/** The sandbox's tables in the same shape. */
export function sandboxTables(t: Sandbox): Tables {
  return {
    image: t.IMAGE_MODELS,
    references: t.REFERENCE_IMAGES,
    video: t.GENERATIONS_VIDEO_MODELS,
    multipartVideo: t.MULTIPART_VIDEO,
    speech: t.SPEECH,
    text: t.TEXT_LIMITS,
    native: t.NATIVE_MODELS,
  };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf (a list counts as one value), by its dotted path. */
function leaves(v: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (isPlain(v)) for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, into);
  else into.set(path, JSON.stringify(v));
  return into;
}

/** Each value the two disagree on: "path: studio X, sandbox Y" (absent on one side: "none"). */
export function tableDifferences(studio: Tables, sandbox: Tables): string[] {
  const a = leaves(studio, '', new Map());
  const b = leaves(sandbox, '', new Map());
  return [...new Set([...a.keys(), ...b.keys()])].sort()
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => `${path}: studio ${a.get(path) ?? 'none'}, sandbox ${b.get(path) ?? 'none'}`);
}
