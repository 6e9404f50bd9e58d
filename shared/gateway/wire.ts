/**
 * Zod schemas of the gateway's responses (spec §2), shared by the sandbox (which checks what it
 * sends in its tests) and the studio's gateway client (which checks what it receives).
 * Objects are loose on purpose: a real gateway may add fields, and the client must tolerate them.
 */
import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), data });

export const ErrorBody = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    type: z.string(),
    param: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const TokenBalance = z.object({
  token_balance: z.number().int(),
  token_used: z.number().int(),
  token_total: z.number().int(),
  currency: z.string(),
});
export type TokenBalance = z.infer<typeof TokenBalance>;

export const CashBalance = z.object({
  balance: z.number(),
  currency: z.string(),
  total_charged: z.number(),
  total_used: z.number(),
  credit_balance: z.number(),
});
export type CashBalance = z.infer<typeof CashBalance>;

export const Usage = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
export type Usage = z.infer<typeof Usage>;

export const ChatRole = z.enum(['system', 'user', 'assistant']);

export const ChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.string(),
    }),
  ),
  usage: Usage,
});
export type ChatCompletion = z.infer<typeof ChatCompletion>;

export const ResponsesResult = ChatCompletion.extend({ object: z.literal('response') });
export type ResponsesResult = z.infer<typeof ResponsesResult>;

/**
 * One streamed delta (OpenAI chunk style, `data: [DONE]` ends the stream: docs/gateway-rules.md,
 * "Chat and responses streams").
 */
export const ChatChunk = z.object({
  id: z.string(),
  object: z.string(),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.string().optional(), content: z.string().optional() }),
      finish_reason: z.string().nullable(),
    }),
  ),
  usage: Usage.nullable().optional(),
});
export type ChatChunk = z.infer<typeof ChatChunk>;

export const NativePart = z.union([
  z.object({ text: z.string() }),
  z.object({ inlineData: z.object({ mimeType: z.string(), data: z.string() }) }),
]);
export type NativePart = z.infer<typeof NativePart>;

export const SafetyRating = z.object({ category: z.string(), probability: z.string() });

export const FinishReason = z.enum(['STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION', 'OTHER']);
export type FinishReason = z.infer<typeof FinishReason>;

export const NativeResponse = z.object({
  candidates: z.array(
    z.object({
      content: z.object({ role: z.string(), parts: z.array(NativePart) }),
      finishReason: FinishReason.optional(),
      index: z.number().int().optional(),
      safetyRatings: z.array(SafetyRating).optional(),
    }),
  ),
  promptFeedback: z.object({ safetyRatings: z.array(SafetyRating) }).optional(),
  usageMetadata: z.object({
    promptTokenCount: z.number().int(),
    candidatesTokenCount: z.number().int(),
    totalTokenCount: z.number().int(),
    thoughtsTokenCount: z.number().int().optional(),
    promptTokensDetails: z.array(z.object({ modality: z.string(), tokenCount: z.number().int() })).optional(),
  }),
});
export type NativeResponse = z.infer<typeof NativeResponse>;

export const SubmittedTask = z.object({ status: z.literal('submitted'), task_id: z.string() });
export const ImageSubmission = z.array(SubmittedTask);
export const VideoSubmission = SubmittedTask;

export const MultipartVideoStatus = z.enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED']);
export type MultipartVideoStatus = z.infer<typeof MultipartVideoStatus>;

export const MultipartVideoSubmission = z.object({ task_id: z.string(), task_status: MultipartVideoStatus });

const TIMESTAMP_MS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

export const MultipartVideoTask = z.object({
  task_id: z.string(),
  task_status: MultipartVideoStatus,
  video_url: z.string().optional(),
  orig_prompt: z.string().optional(),
  actual_prompt: z.string().optional(),
  submit_time: z.string().regex(TIMESTAMP_MS).optional(),
  end_time: z.string().regex(TIMESTAMP_MS).optional(),
  // Not shown in the spec (2.12): accept `error.message` or `message` (docs/gateway-rules.md, "Task
  // results and failures").
  error: z.object({ message: z.string() }).optional(),
  message: z.string().optional(),
});
export type MultipartVideoTask = z.infer<typeof MultipartVideoTask>;

export const GenericTaskStatus = z.enum(['submitted', 'processing', 'completed', 'failed']);
export type GenericTaskStatus = z.infer<typeof GenericTaskStatus>;

export const GenericTask = z.object({
  task_id: z.string(),
  status: GenericTaskStatus,
  progress: z.number().int(),
  created_at: z.string(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ message: z.string() }).optional(),
});
export type GenericTask = z.infer<typeof GenericTask>;

/**
 * The sandbox's `result` shapes; the client only relies on URLs found under them
 * (docs/gateway-rules.md, "Task results and failures").
 */
export const ImageTaskResult = z.object({
  images: z.array(z.object({ url: z.string().url(), width: z.number().int(), height: z.number().int() })),
});
export const VideoTaskResult = z.object({ video_url: z.string().url() });

/** Terminal states of spec §3's polling rule. */
export const isTerminalTaskStatus = (s: string) => ['SUCCEEDED', 'completed', 'FAILED', 'failed'].includes(s);
