/**
 * Versions and branches of a conversation (docs/chat-versions.md): a regenerated reply or an
 * edited turn keeps what it replaced, each version with the rest of the conversation below it.
 * The page shows one branch; switching a turn's version brings back that version's branch.
 */
import { z } from 'zod';
import { ChatMessageView } from './chat.js';

const Id = z.string().min(1).max(100);

export const chatVersionMethods = {
  /**
   * Shows version `to` (0-based, in the order they were made) of a turn of the branch shown.
   * Answers the branch from that turn on (`from`: the turn's index): the turns above it stay.
   * `first`: only the first `first` messages of it (`messageCount` still counts them all); the page
   * asks for the rest with `chat.get` once they are drawn, as a first open does
   * (docs/performance-findings.md, "A switch answers the rows in view first").
   * Refused while a reply is being written in the conversation.
   */
  'chat.switchVersion': {
    input: z.object({ conversationId: Id, messageId: Id, to: z.number().int().min(0).max(10_000), first: z.number().int().min(1).max(1000).optional() }),
    output: z.object({ from: z.number().int().min(0), messages: z.array(ChatMessageView), messageCount: z.number().int() }),
  },
  /**
   * Shows the branch that holds a message (a search hit in a hidden version): each turn on the way
   * switched to the version that leads there. Answered like `chat.switchVersion`; with no switch
   * needed, `from` is the message count and `messages` is empty. Refused while a reply is written.
   */
  'chat.revealMessage': {
    input: z.object({ conversationId: Id, messageId: Id }),
    output: z.object({ from: z.number().int().min(0), messages: z.array(ChatMessageView), messageCount: z.number().int() }),
  },
} as const;
