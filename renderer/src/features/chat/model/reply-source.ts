/**
 * Which conversation a reply belongs to, for its next step (ui/reply-next-step.tsx): given once by
 * the open conversation's pane, read by each reply, so the rows between need not carry it.
 */
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSource } from '../../../state/prompt-source.js';
import { firstWords } from './reply-words.js';

export const ReplySourceContext = createContext<{ conversationId: string; title: string } | null>(null);

/** The message as a source of what is made from `words`: named by its conversation and the words' start. */
export function useReplySource(): ((messageId: string, words: string) => ChatSource) | null {
  const { t } = useTranslation('chat');
  const conversation = useContext(ReplySourceContext);
  if (!conversation) return null;
  return (messageId, words) => ({
    conversationId: conversation.conversationId,
    messageId,
    name: t('nextStep.sourceName', { title: firstWords(conversation.title, 80), words: firstWords(words) }),
  });
}
