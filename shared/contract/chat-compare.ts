/**
 * Several models at once (docs/chat-versions.md, "Side by side"): one message goes to two to four
 * models, through any of the three APIs; their replies stream side by side as the versions of one
 * turn, and the creator chooses the one the conversation goes on with (the others stay versions).
 */
import { z } from 'zod';
import { apiTakes } from '../gateway/catalog.js';
import { zodMessage } from '../messages/index.js';
import { ChatMessageView, ChatSettings, SAYS_SOMETHING, SendFields } from './chat.js';
import { COMPARE_MAX, COMPARE_MIN } from './chat-compare-limits.js';

const Id = z.string().min(1).max(100);

/** One model to ask, through an API that takes it (catalog `apiTakes`). */
export const CompareTarget = z.object({ model: ChatSettings.shape.model, api: z.enum(['chat', 'responses', 'native']) }).refine((t) => apiTakes(t.api, t.model), {
  path: ['api'],
  error: (issue) => zodMessage('rules.chat.apiModel', { model: String((issue.input as { model?: unknown })?.model ?? '') }),
});
export type CompareTarget = z.infer<typeof CompareTarget>;

export { COMPARE_MAX, COMPARE_MIN } from './chat-compare-limits.js';

export const CompareInput = SendFields.omit({ replaces: true }).extend({
  targets: z.array(CompareTarget).min(COMPARE_MIN, zodMessage('rules.chat.compareCount', { min: COMPARE_MIN, max: COMPARE_MAX })).max(COMPARE_MAX, zodMessage('rules.chat.compareCount', { min: COMPARE_MIN, max: COMPARE_MAX })),
}).refine(...SAYS_SOMETHING);

export const chatCompareMethods = {
  /**
   * Sends one message to each target at once: the user turn, then one reply per target (in the
   * order given) as the versions of one turn, the first shown, all marked `together`. Each reply
   * streams as `chat.send`'s does (`chat.onDidStream`, one `chat.onDidEnd`); the conversation is
   * busy until all have ended. Refused as a whole, nothing sent, when any target cannot take the
   * message.
   */
  'chat.sendMany': {
    input: CompareInput,
    output: z.object({
      conversationId: z.string(),
      user: ChatMessageView,
      /** The shown reply, with the others `alongside`. */
      reply: ChatMessageView,
      /** One per target, in the order given. */
      streams: z.array(z.object({ streamId: z.string(), messageId: z.string() })),
    }),
  },
  /**
   * Goes on with version `to` of a turn shown side by side: it becomes the turn shown, the others
   * stay its versions (‹ n / m ›). Answered like `chat.switchVersion`.
   */
  'chat.chooseVersion': {
    input: z.object({ conversationId: Id, messageId: Id, to: z.number().int().min(0).max(10_000) }),
    output: z.object({ from: z.number().int().min(0), messages: z.array(ChatMessageView), messageCount: z.number().int() }),
  },
} as const;
