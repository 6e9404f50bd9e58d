/**
 * The contract's schema of a failure (error-data.ts holds its type and builders, free of zod).
 */
import { z } from 'zod';
import { MessageData } from '../messages/index.js';
import { ERROR_CODES, type ErrorData as ErrorDataShape } from './error-data.js';

export * from './error-data.js';

/** Checked against error-data.ts's type: the two cannot drift apart. */
export const ErrorData = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  text: MessageData.optional(),
  retryable: z.boolean(),
  param: z.string().optional(),
  status: z.number().int().optional(),
}) satisfies z.ZodType<ErrorDataShape>;
export type ErrorData = ErrorDataShape;
