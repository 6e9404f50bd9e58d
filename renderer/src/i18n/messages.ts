/**
 * The host's messages in the studio's language. The host sends message data (shared/messages:
 * `{ code, params, message }`), translated here with i18next from the one catalog, namespace
 * `messages` (docs/house-rules.md, "Languages"). A record saved by an older version may still hold
 * plain English (a task's error in jobs.json, a reply's error in a conversation file): it is shown
 * as it is.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nextLookup } from '@shared/messages/i18next-lookup.js';
import { isMessageCode, translate, type Message, type Text } from '@shared/messages/index.js';
import { i18n } from './index.js';

/**
 * What the screens hand over: a message, an old record's plain text, or anything that carries one
 * (ErrorData, a connection test: `text` when the host sent data, else the English `message`).
 */
export type Shown = Text | { readonly text?: Message; readonly message: string } | null | undefined;

function textOf(shown: Shown): Text | undefined {
  if (shown === null || shown === undefined || typeof shown === 'string') return shown ?? undefined;
  if ('text' in shown && shown.text && typeof shown.text === 'object') return shown.text;
  if ('code' in shown && typeof shown.code === 'string' && isMessageCode(shown.code)) return shown as Message;
  return typeof shown.message === 'string' ? shown.message : undefined;
}

/** A host message in `language` (the language shown, by default: for code outside components). */
export const messageText = (shown: Shown, language: string = i18n.language): string => translate(textOf(shown), i18nextLookup(i18n, language));

/** `messageText` bound to the language shown; the component re-renders when it changes. */
export function useMessageText(): (shown: Shown) => string {
  const language = useTranslation().i18n.language;
  return useCallback((shown: Shown) => messageText(shown, language), [language]);
}
