/**
 * The jobs the media worker runs, shared by the pool (main thread) and the worker. Only types and
 * small helpers live here, so the main thread never loads the renderers or their WASM.
 */
import type { MediaFaultMode } from '../core/faults.js';
import type { EditImageOptions, EditImageResult } from './image-edit.js';
import type { RenderPromptImageOptions } from './image-render.js';
import type { RenderedVideo, RenderVideoOptions } from './video-render.js';
import type { SpeechRequest, SynthesizedSpeech } from './speech-synth.js';

export interface MediaJobs {
  image: { input: RenderPromptImageOptions; output: { png: Buffer } };
  video: { input: RenderVideoOptions; output: RenderedVideo };
  edit: { input: EditImageOptions; output: EditImageResult };
  speech: { input: SpeechRequest; output: SynthesizedSpeech };
}
export type MediaKind = keyof MediaJobs;
export type MediaInput<K extends MediaKind> = MediaJobs[K]['input'];
export type MediaOutput<K extends MediaKind> = MediaJobs[K]['output'];

/** The field holding each job's bytes: moved between threads (transferred), never copied. */
export const INPUT_BYTES: Partial<Record<MediaKind, string>> = { edit: 'input' };
export const OUTPUT_BYTES: Record<MediaKind, string> = { image: 'png', video: 'mp4', edit: 'png', speech: 'audio' };

export interface JobMessage {
  id: number;
  kind: MediaKind;
  input: unknown;
  /** Injected by the sandbox's `faults/media` admin route, to test the time limit and crashes. */
  fault?: MediaFaultMode;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: unknown }
  | { type: 'failed'; id: number; message: string };

/**
 * Bytes whose ArrayBuffer may be transferred: their own, or a copy when they share one (small
 * Buffers are slices of Node's shared pool, which must never be detached).
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
}

/**
 * Replaces `record[field]` by transferable bytes and names the buffer to transfer. Structured
 * clone turns Buffers into plain Uint8Arrays; `asBuffer` turns them back on the other side.
 */
export function prepareTransfer(record: unknown, field: string | undefined): { value: unknown; transfer: ArrayBuffer[] } {
  const bytes = field ? (record as Record<string, unknown>)[field] : undefined;
  if (!(bytes instanceof Uint8Array)) return { value: record, transfer: [] };
  const owned = ownedBytes(bytes);
  return { value: { ...(record as object), [field!]: owned }, transfer: [owned.buffer as ArrayBuffer] };
}

export function asBuffer(record: unknown, field: string | undefined): unknown {
  const bytes = field ? (record as Record<string, unknown>)[field] : undefined;
  if (!(bytes instanceof Uint8Array) || Buffer.isBuffer(bytes)) return record;
  return { ...(record as object), [field!]: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
