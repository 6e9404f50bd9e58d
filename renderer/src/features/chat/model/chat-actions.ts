/** What a message's buttons can ask of the conversation (see use-chat-actions.ts). */
import type { ChatMessageView, ToolAnswer } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import type { PagerSide } from './version-focus.js';

export interface ChatActions {
  regenerate(messageId: string): void;
  continueReply(messageId: string): void;
  selectChoice(messageId: string, choice: number): void;
  /** Shows version `to` of a turn, and the branch below it (docs/chat-versions.md). */
  switchVersion(messageId: string, to: number, side?: PagerSide): void;
  /** Shows the branch that holds a message (a find hit in a hidden version). */
  reveal(messageId: string): void;
  /** Goes on with version `to` of a turn shown side by side (several models' replies); the others stay versions. */
  chooseVersion(messageId: string, to: number): void;
  /** Edit and resend a user turn (its images go again); resolves false, editor kept open, if it did not start. */
  resend(message: ChatMessageView, text: string): Promise<boolean>;
  /**
   * Answers a function call of this message; the last open one starts the model's next reply.
   * Resolves with the refusal, if any, for the call's own card to show (the typed result stays).
   */
  answerToolCall(messageId: string, callId: string, answer: ToolAnswer): Promise<ErrorData | null>;
  /**
   * Runs an MCP call in the host after the creator's approval (`always`: this tool's later calls
   * run without asking; docs/mcp.md). Resolves when the run ends: null once its answer is in
   * place, or why it gave none (also kept on the call as `runError`).
   */
  runToolCall(messageId: string, callId: string, always: boolean): Promise<ErrorData | null>;
  /** The whole arguments or result of a call the page holds as a preview (`argumentsChars`, `answerChars`), or why not. */
  wholeText(messageId: string, callId: string, part: 'arguments' | 'result'): Promise<{ text: string } | { error: ErrorData }>;
}
