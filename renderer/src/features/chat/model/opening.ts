/**
 * A conversation's first open asks the host for its newest messages only, draws them, and then
 * asks for the whole: a 2,000-message conversation is 2 MB to copy, send and parse, and the
 * creator waits for none of it to see where the conversation ended (docs/performance.md, "Where a
 * long conversation's first open goes"). Read early by app/first-screen.ts too.
 */
import type { ConversationView } from '@shared/contract/chat.js';
import { callKey } from '../../../api/transport.js';

/** More messages than the tallest window shows, even of one-line turns. */
export const OPENING_MESSAGES = 40;

export const openingInput = (id: string) => ({ id, last: OPENING_MESSAGES });

/** The query key of a conversation's newest messages. */
export const openingKey = (id: string) => callKey('chat.get', openingInput(id));

/** The view holds every message of its conversation. */
export const isWhole = (c: ConversationView) => c.messages.length >= c.messageCount;
