/**
 * The generators' host calls: local reference images become attachments the host
 * holds (their bytes cross once, as binary, never as base64 text), the native image models
 * answer at once and their images go straight into the library, and speech comes back as a
 * saved audio file. Asynchronous image and video jobs go through `tasks.submit`.
 */
import { z } from 'zod';
import { bytes } from './bytes.js';
import { MessageData, zodMessage } from '../messages/index.js';
import { NATIVE_IMAGE_MODELS, SPEECH_FORMATS, SPEECH_LIMITS, SPEECH_MODELS, SPEECH_VOICES } from '../gateway/catalog.js';
import { LibraryItemView } from './library.js';
import { Lineage } from './lineage-ref.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_PREFIX } from './attachment-limits.js';

/** A reference image held by the host (its name in `image_urls`: attachment-limits.ts). */
export const AttachmentView = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type AttachmentView = z.infer<typeof AttachmentView>;

export { ATTACHMENT_MAX_BYTES, ATTACHMENT_PREFIX };

export const AddAttachmentInput = z.object({
  name: z.string().max(255),
  data: bytes(zodMessage('rules.media.attachFile'), ATTACHMENT_MAX_BYTES, zodMessage('app.calls.fileTooLarge')),
});

export const NativeImageInput = z.object({
  model: z.enum(NATIVE_IMAGE_MODELS),
  prompt: z.string().trim().min(1, zodMessage('rules.media.describeImage')),
  /** Images to edit, sent first as inlineData, then the instruction (spec 4.5). */
  attachmentIds: z.array(z.string()).max(4).optional(),
  /** Without IMAGE in responseModalities the model answers in text only. */
  textOnly: z.boolean().optional(),
  /** Where its inputs came from, as a job's request says it (docs/library-files.md, "Lineage"). */
  lineage: Lineage.optional(),
});
export type NativeImageInput = z.infer<typeof NativeImageInput>;

export const NativeImageResult = z.object({
  items: z.array(LibraryItemView),
  text: z.string().optional(),
  finishReason: z.string(),
  /** Why the model stopped, in plain words, when it was not a normal stop. */
  /** Why the model stopped early, or answered without an image (shared/messages). */
  notice: MessageData.optional(),
  usage: z.object({ promptTokenCount: z.number(), candidatesTokenCount: z.number(), totalTokenCount: z.number() }).optional(),
});
export type NativeImageResult = z.infer<typeof NativeImageResult>;

const voices = Object.keys(SPEECH_VOICES) as [keyof typeof SPEECH_VOICES, ...(keyof typeof SPEECH_VOICES)[]];

export const SpeechInput = z.object({
  model: z.enum(SPEECH_MODELS),
  input: z.string().trim().min(1, zodMessage('rules.media.speechText')).max(SPEECH_LIMITS.maxInputChars, zodMessage('rules.media.speechMaxChars', { max: SPEECH_LIMITS.maxInputChars })),
  voice: z.enum(voices),
  response_format: z.enum(SPEECH_FORMATS).optional(),
  speed: z.number().min(SPEECH_LIMITS.speed.min, zodMessage('rules.media.speechSpeed')).max(SPEECH_LIMITS.speed.max, zodMessage('rules.media.speechSpeed')).optional(),
  /** Where the words came from (a chat reply read aloud), kept in the item, never sent (docs/library-files.md, "Lineage"). */
  lineage: Lineage.optional(),
});
export type SpeechInput = z.infer<typeof SpeechInput>;

/**
 * A reference picture of a saved item, as a remix brings it back: a new attachment of the
 * creator's file, a public link, or one the host no longer holds (its name when known, and its
 * place among the item's references, 1-based), said rather than dropped.
 */
export const ItemReference = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), attachment: AttachmentView }),
  z.object({ kind: z.literal('url'), url: z.string() }),
  z.object({ kind: z.literal('missing'), name: z.string().optional(), position: z.number() }),
]);
export type ItemReference = z.infer<typeof ItemReference>;

export const mediaMethods = {
  'attachments.fromItem': { input: z.object({ itemId: z.string().max(200) }), output: z.object({ references: z.array(ItemReference) }) },
  'attachments.add': { input: AddAttachmentInput, output: AttachmentView },
  'attachments.remove': { input: z.object({ id: z.string() }), output: z.object({}) },
  'images.generateNative': { input: NativeImageInput, output: NativeImageResult },
  'speech.synthesize': { input: SpeechInput, output: z.object({ item: LibraryItemView, characters: z.number() }) },
} as const;
