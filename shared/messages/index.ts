/**
 * Messages (message.ts: what one is, how to write one) and the contract's schemas of them.
 */
import { z } from 'zod';
import type { Message, Param } from './message.js';

export * from './message.js';

/**
 * A message as the contract carries and stores it. The code is checked as a string: a record
 * written by a newer version may hold a code this one does not know, shown by its `message`.
 */
export const MessageData: z.ZodType<Message> = z.lazy(() =>
  z.object({ code: z.string().min(1), params: MessageParams.optional(), message: z.string() }),
) as unknown as z.ZodType<Message>;
const MessageParams: z.ZodType<Record<string, Param>> = z.lazy(() => z.record(z.string(), z.union([z.string(), z.number(), MessageData])));

/** A stored message, or the plain English an older version wrote in its place. */
export const TextData = z.union([MessageData, z.string()]);
