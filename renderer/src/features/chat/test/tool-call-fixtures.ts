/** Conversations the tool-call card tests show: a user turn, then the reply that asks for calls. */
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView, type ConversationView, type StreamStarted, type ToolCall } from '@shared/contract/chat.js';

export const asking = (calls: ToolCall[], over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id: 'r1',
  role: 'assistant',
  createdAt: 2,
  status: 'complete',
  choices: [{ text: '', toolCalls: calls, finishReason: 'tool_calls' }],
  ...over,
});

export const conversation = (messages: ChatMessageView[], question = 'Weather in Lisbon?'): ConversationView => ({
  id: 'c1',
  title: 'Weather',
  model: 'modela-5',
  createdAt: 1,
  updatedAt: 1,
  messageCount: messages.length + 1,
  settings: DEFAULT_CHAT_SETTINGS,
  messages: [{ id: 'u1', role: 'user', createdAt: 1, text: question }, ...messages],
});

/** The reply an answer starts. */
export const started: StreamStarted = { streamId: 's2', conversationId: 'c1', reply: { id: 'r2', role: 'assistant', createdAt: 3, status: 'streaming', choices: [{ text: '' }] } };
