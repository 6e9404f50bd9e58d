/** A conversation's settings: where a new one starts, and a `chat.create` or `chat.update` from the page. */
import { ChatDefaults, ChatSettings, DEFAULT_CHAT_DEFAULTS, settingsFromDefaults } from '@shared/contract/chat.js';

/**
 * What a new conversation starts with: the Chat defaults the creator sees in Settings, with every
 * tool off. Never another conversation's settings: n, tools, MCP servers and the API they needed
 * were copied from the last one unseen, and a creator could not tell what the next message sends.
 */
export function newConversationSettings(defaults: ChatDefaults): ChatSettings {
  return settingsFromDefaults(defaults);
}

/**
 * The saved defaults, checked whole: a pair the API no longer takes (after a catalog change)
 * keeps its parameters and goes through chat completions, the API every chat model has; a model
 * that is not even a chat model any more falls back to the studio's defaults.
 */
export function chatDefaultsOf(saved: unknown): ChatDefaults {
  if (saved === undefined) return DEFAULT_CHAT_DEFAULTS;
  const whole = ChatDefaults.safeParse(saved);
  if (whole.success) return whole.data;
  const viaChat = ChatDefaults.safeParse({ ...(saved as object), api: 'chat' });
  return viaChat.success ? viaChat.data : DEFAULT_CHAT_DEFAULTS;
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
