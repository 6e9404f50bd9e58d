/** What a message's buttons can ask of the conversation (see use-chat-actions.ts). */
import type { ChatMessageView } from '@shared/contract/chat.js';

export interface ChatActions {
  regenerate(messageId: string): void;
  continueReply(messageId: string): void;
  selectChoice(messageId: string, choice: number): void;
  /** Edit and resend a user turn (its images go again); resolves false, editor kept open, if it did not start. */
  resend(message: ChatMessageView, text: string): Promise<boolean>;
}
