/** A conversation's settings: where a new one starts, and a `chat.create` or `chat.update` from the page. */
import { ChatSettings, DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import type { ConversationStore } from './conversation-store.js';

/**
 * What a new conversation starts with: the settings of the one used last, as a creator expects
 * (the model they were talking to, its parameters and tools), but not a remote MCP server, whose
 * token belongs to that conversation alone. The defaults when there is none, or it cannot be read.
 */
export function lastUsedSettings(store: Pick<ConversationStore, 'list' | 'get'>): ChatSettings {
  const last = store.list()[0];
  if (!last) return DEFAULT_CHAT_SETTINGS;
  try {
    const { settings } = store.get(last.id);
    return { ...settings, tools: { ...settings.tools, mcp: DEFAULT_CHAT_SETTINGS.tools.mcp } };
  } catch {
    return DEFAULT_CHAT_SETTINGS;
  }
}

/**
 * Settings changed over a base. Electron IPC keeps a key sent as `undefined` (JSON drops it): for
 * a setting that must have a value it means "unchanged"; an optional number it clears, as `null`.
 */
export function mergeSettings(base: ChatSettings, patch: Partial<Record<keyof ChatSettings, unknown>> | undefined): ChatSettings {
  const merged: Record<string, unknown> = { ...base, ...patch };
  for (const key of Object.keys(merged) as (keyof ChatSettings)[]) {
    // A setting with a default (`toolRounds`) reads `undefined` as that default: unchanged too.
    const empty = ChatSettings.shape[key]?.safeParse(undefined);
    if (merged[key] === undefined && empty && (!empty.success || empty.data !== undefined)) merged[key] = base[key];
  }
  return ChatSettings.parse(merged);
}
