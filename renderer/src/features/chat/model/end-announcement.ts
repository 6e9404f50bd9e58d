/** What screen readers hear when a reply ends; the conversation pane puts it in a status region. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';

const ENDED = {
  complete: 'announce.complete',
  stopped: 'announce.stopped',
  incomplete: 'announce.incomplete',
  failed: 'announce.failed',
} as const;

const endedKey = (status: string | undefined) => (status && Object.hasOwn(ENDED, status) ? ENDED[status as keyof typeof ENDED] : undefined);

/**
 * What screen readers hear when a reply ends (the stream itself is not read out as it grows): a
 * reply seen streaming that ended, or a new reply that came whole (a short one can end before the
 * call that started it returns). Opening another conversation announces nothing.
 */
export function useEndAnnouncement(conversation: ConversationView): string {
  const { t } = useTranslation('chat');
  const last = conversation.messages.at(-1);
  const reply = last?.role === 'assistant' ? last : undefined;
  const now = { conversation: conversation.id, reply: reply?.id, status: reply ? (reply.status ?? 'complete') : undefined };
  const [seen, setSeen] = useState<typeof now & { ended: ReturnType<typeof endedKey> }>({ ...now, ended: undefined });
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (seen.conversation !== now.conversation) setSeen({ ...now, ended: undefined });
  else if (seen.reply !== now.reply || seen.status !== now.status) {
    setSeen({ ...now, ended: seen.status === 'streaming' || seen.reply !== now.reply ? endedKey(now.status) : undefined });
  }
  return seen.ended ? t(seen.ended) : '';
}
