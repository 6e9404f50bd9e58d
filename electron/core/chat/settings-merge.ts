/** A conversation's settings, changed by a `chat.create` or `chat.update` from the page. */
import { ChatSettings } from '@shared/contract/chat.js';

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
