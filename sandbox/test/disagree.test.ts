/**
 * A gateway of its own: with wrong values planted in a copy of the studio's tables (the module
 * mocked for this file only, the real file untouched), the studio's own checks let requests
 * through that the spec forbids, and the sandbox, which reads the spec's tables for itself
 * (sandbox/spec/tables.ts), refuses each of them by the parameter at fault, over real HTTP.
 */
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { check } from '@shared/gateway/rules.js';
import { ChatRequest } from '@shared/gateway/requests-text.js';
import { imageRequestSchema, SpeechRequest, videoRequestSchema } from '@shared/gateway/requests-media.js';
import { IMAGE_MODELS } from '@shared/gateway/catalog.js';
import { call, errorOf, useSandbox } from './harness.js';

vi.mock('@shared/gateway/catalog.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('@shared/gateway/catalog.js')>();
  const copy = structuredClone({
    IMAGE_MODELS: real.IMAGE_MODELS, GENERATIONS_VIDEO_MODELS: real.GENERATIONS_VIDEO_MODELS, SPEECH_LIMITS: real.SPEECH_LIMITS, TEXT_LIMITS: real.TEXT_LIMITS,
  });
  copy.IMAGE_MODELS['seedream-4-0'].n.max = 8;
  copy.GENERATIONS_VIDEO_MODELS.modelg3.duration.max = 20;
  (copy.SPEECH_LIMITS as { maxInputChars: number }).maxInputChars = 5000;
  (copy.TEXT_LIMITS.temperature as { max: number }).max = 3;
  return { ...real, ...copy };
});

const sandbox = useSandbox();

/** Each request the planted tables wrongly allow, the studio's check of it, and the parameter the spec refuses. */
const WRONGLY_ALLOWED: { path: string; body: Record<string, unknown>; studio: () => z.ZodType; param: string }[] = [
  { path: '/v1/images/generations', body: { model: 'seedream-4-0', prompt: 'six foxes', n: 6 }, studio: () => imageRequestSchema(IMAGE_MODELS['seedream-4-0']), param: 'n' },
  { path: '/v1/videos/generations', body: { model: 'modelg3', prompt: 'a long pan', duration: 18 }, studio: () => videoRequestSchema('modelg3'), param: 'duration' },
  { path: '/v1/audio/speech', body: { model: 'tts-1', voice: 'alloy', input: 'a'.repeat(4097) }, studio: () => SpeechRequest, param: 'input' },
  { path: '/v1/chat/completions', body: { model: 'modela-5', messages: [{ role: 'user', content: 'hot' }], temperature: 2.5 }, studio: () => ChatRequest, param: 'temperature' },
];

describe('the sandbox against a wrong table in the studio', () => {
  for (const { path, body, studio, param } of WRONGLY_ALLOWED) {
    it(`${path}: the studio's check passes '${param}' out of the spec's range; the sandbox refuses it`, async () => {
      expect(check(studio(), body).ok, 'the planted table lets it through the studio').toBe(true);
      const res = await call(sandbox().url, path, { body });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ type: 'invalid_request_error', param });
    });
  }
});
