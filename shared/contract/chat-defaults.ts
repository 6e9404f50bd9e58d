/**
 * A conversation's settings before anyone changes them, apart from the schemas in chat.ts: the
 * Chat tab's settings form needs the value, and importing it from chat.ts brought zod (~95 kB)
 * into the code an open conversation waits for at start-up (docs/performance-findings.md,
 * "Start-up: the returning user's code").
 */
import type { ChatSettings } from './chat.js';

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  model: 'modela-5',
  api: 'chat',
  responsesModel: 'modela-5',
  systemPrompt: '',
  stream: true,
  stop: [],
  n: 1,
  tools: { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' }, mcpServers: [] },
  toolRounds: 8,
};
