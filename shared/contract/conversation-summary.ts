/**
 * A conversation as the sidebar lists it, picked from anything that carries more (the host's index
 * entry, a whole conversation view). Free of zod, so the renderer can use it without the schemas.
 */
import type { ConversationSummary } from './chat.js';

export const summaryOf = ({ id, title, model, createdAt, updatedAt, messageCount, untitled }: ConversationSummary): ConversationSummary =>
  ({ id, title, model, createdAt, updatedAt, messageCount, ...(untitled ? { untitled } : {}) });
