/**
 * The generators that answer at once: the native image models (spec 4.5), whose
 * images are saved to the library straight away, and speech (spec 4.10), saved as audio.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { msg, type Message } from '@shared/messages/index.js';
import { pipeline } from 'node:stream/promises';
import type { NativeImageInput, NativeImageResult, SpeechInput } from '@shared/contract/media.js';
import { NativeResponse } from '@shared/gateway/wire.js';
import type { GatewayClient } from '../gateway/client.js';
import { detailOf, GatewayFailure } from '../gateway/failure.js';
import { LibraryError } from '../library/disk.js';
import type { LibrarySaver } from '../library/current-library.js';
import { sniff, SNIFF_BYTES } from '@media/sniff.js';
import type { LibraryItem } from '../library/library-item.js';
import type { AttachmentStore } from './attachments.js';
import { LIMITS } from '../gateway/limits.js';

export interface GeneratorDeps {
  client: GatewayClient;
  library: LibrarySaver;
  attachments: AttachmentStore;
  /** Where answers are written before the library takes them. */
  scratchDir: string;
  now(): number;
  /** The largest audio answer saved (Settings → largest file to save). */
  maxAudioBytes?: number;
}

const FINISH_NOTICES: Record<string, () => Message> = {
  MAX_TOKENS: () => msg('jobs.native.outputLimit'),
  SAFETY: () => msg('jobs.native.safety'),
  RECITATION: () => msg('jobs.native.recitation'),
  OTHER: () => msg('jobs.native.otherStop'),
};

const scratch = (d: GeneratorDeps, ext: string) => {
  mkdirSync(d.scratchDir, { recursive: true });
  return join(d.scratchDir, `${randomUUID()}${ext}`);
};

export async function generateNativeImage(d: GeneratorDeps, input: NativeImageInput): Promise<NativeImageResult> {
  // Spec 4.5: the image to edit goes first as inlineData, then the instruction.
  const images = (input.attachmentIds ?? []).map((id) => d.attachments.get(id));
  const parts = [
    ...images.map(({ view, data }) => ({ inlineData: { mimeType: view.mime, data: data.toString('base64') } })),
    { text: input.prompt },
  ];
  const body = {
    contents: [{ role: 'user', parts }],
    generationConfig: { responseModalities: input.textOnly ? ['TEXT'] : ['IMAGE', 'TEXT'] },
  };
  // The call's id, so the ledger's row links the items it saved (docs/ledger.md, "Rows").
  const made = { callId: randomUUID() };
  const res = await d.client.json(
    {
      method: 'POST', path: `/v1beta/models/${encodeURIComponent(input.model)}:generateContent`, json: body, auth: 'goog', timeoutMs: 180_000,
      maxBytes: LIMITS.nativeImageBytes, billing: made,
    },
    NativeResponse,
    'either',
  );
  const candidate = res.candidates[0];
  const finishReason = candidate?.finishReason ?? 'STOP';
  const items: LibraryItem[] = [];
  const texts: string[] = [];
  /** Parts whose bytes were no picture, whatever their mimeType said: refused by the library. */
  const refused: Message[] = [];
  for (const part of candidate?.content.parts ?? []) {
    if ('text' in part) texts.push(part.text);
    else if (part.inlineData.mimeType.startsWith('image/')) {
      const file = scratch(d, '.img');
      writeFileSync(file, Buffer.from(part.inlineData.data, 'base64'));
      const item = await d.library.add({
        source: file,
        name: `${input.model} ${input.prompt}`.slice(0, 80),
        meta: {
          kind: 'image', prompt: input.prompt, model: input.model, createdAt: d.now(),
          params: { edit: images.length > 0, references: images.map((i) => i.view.name), attachmentIds: images.map((i) => i.view.id) },
          usage: res.usageMetadata as Record<string, unknown>,
          ...(input.lineage?.length ? { madeFrom: input.lineage } : {}),
        },
      }, made).catch(async (err: unknown) => {
        if (!(err instanceof LibraryError && err.code === 'not_media')) throw err;
        await rm(file, { force: true });
        refused.push(err.text.params?.what as Message);
        return undefined;
      });
      if (item) items.push(item);
    }
  }
  const notice = FINISH_NOTICES[finishReason]?.()
    ?? (refused.length ? msg('jobs.native.notPicture', { refused: refused.length, what: refused[0] }) : undefined)
    ?? (!input.textOnly && items.length === 0 ? msg('jobs.native.noImage') : undefined);
  const u = res.usageMetadata;
  return {
    items, finishReason, notice,
    // The model's words go to the screen: a key the gateway quoted back is masked (docs/security.md).
    ...(texts.length ? { text: d.client.mask.text(texts.join('\n')) } : {}),
    usage: { promptTokenCount: u.promptTokenCount, candidatesTokenCount: u.candidatesTokenCount, totalTokenCount: u.totalTokenCount },
  };
}

export async function synthesizeSpeech(d: GeneratorDeps, input: SpeechInput): Promise<{ item: LibraryItem; characters: number }> {
  const maxBytes = d.maxAudioBytes ?? LIMITS.audioBytes;
  const made = { callId: randomUUID() };
  // The lineage is the studio's own: the gateway gets the spec's fields only (spec 4.10).
  const { lineage: _lineage, ...wire } = input;
  const res = await d.client.send({ method: 'POST', path: '/v1/audio/speech', json: wire, timeoutMs: 180_000, maxBytes, billing: made });
  const file = scratch(d, '.audio');
  // Streamed to disk: a long text's audio never sits whole in memory.
  try {
    await pipeline(res.body, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    if (err instanceof GatewayFailure) throw err; // over the size limit
    throw new GatewayFailure('unreachable', msg('gateway.network.audioDropped'), true);
  }
  return { item: await saveSpeech(d, input, file, { mime: res.header('content-type') ?? undefined, status: res.status, at: d.now() }, made), characters: input.input.length };
}

/**
 * Saves a speech answer written to `file` into the library, once its bytes are judged audio.
 * `at` is its item's creation time: a narration answered through the sender process finds the
 * item an earlier save made by it (host/storyboard/narration-speech.ts).
 */
export async function saveSpeech(d: Pick<GeneratorDeps, 'library'>, input: SpeechInput, file: string, answer: { mime?: string; status: number; at: number }, made: { callId: string }): Promise<LibraryItem> {
  const { lineage } = input;
  await requireAudio(file, answer);
  return d.library.add({
    source: file,
    name: `${input.model} ${input.voice} ${input.input}`.slice(0, 80),
    meta: {
      kind: 'audio', mime: answer.mime, prompt: input.input, model: input.model, createdAt: answer.at,
      params: { voice: input.voice, response_format: input.response_format ?? 'mp3', speed: input.speed ?? 1 },
      ...(lineage?.length ? { madeFrom: lineage } : {}),
    },
  }, made);
}

/**
 * A 2xx that is not audio (a sign-in page, an error in JSON, an empty body) must not reach the
 * library as a recording: the file is judged by its content, as every library file is.
 */
async function requireAudio(file: string, res: { mime?: string; status: number }): Promise<void> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    head = buffer.subarray(0, (await handle.read(buffer, 0, SNIFF_BYTES, 0)).bytesRead);
  } finally {
    await handle.close();
  }
  if ((await sniff(head))?.kind === 'audio') return;
  await rm(file, { force: true });
  const said = detailOf(head.toString('utf8'), res.mime ?? '').message;
  const detail = said ? msg('gateway.failure.noAudioSaid', { detail: said }) : msg('gateway.failure.noAudioEmpty');
  throw new GatewayFailure('bad_response', msg('gateway.failure.noAudio', { detail }), false, res.status);
}
