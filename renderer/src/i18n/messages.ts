/**
 * The host's messages in the studio's language. The host sends message data (shared/messages:
 * `{ code, params, message }`), translated here with i18next from the one catalog, namespace
 * `messages` (docs/house-rules.md, "Languages"). A record saved by an older version may still hold
 * plain English (a task's error in jobs.json, a reply's error in a conversation file): it is shown
 * as it is.
 *
 * Words for creators (shared/messages/plain.ts): a message with technical wording (a request rule,
 * an HTTP status) is shown in its plain words first, naming the field at fault by its label; its
 * technical text is `messageDetail`, for a "Details" disclosure (MessageDetails, failure-note.tsx).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nextLookup } from '@shared/messages/i18next-lookup.js';
import { isMessageCode, type Message, type Text } from '@shared/messages/message.js';
import { worded, type Worded } from '@shared/messages/plain.js';
import { i18n } from './index.js';

/**
 * What the screens hand over: a message, an old record's plain text, or anything that carries one
 * (ErrorData, a connection test: `text` when the host sent data, else the English `message`).
 */
export type Shown = Text | { readonly text?: Message; readonly message: string; readonly param?: string } | null | undefined;

function textOf(shown: Shown): Text | undefined {
  if (shown === null || shown === undefined || typeof shown === 'string') return shown ?? undefined;
  if ('text' in shown && shown.text && typeof shown.text === 'object') return shown.text;
  if ('code' in shown && typeof shown.code === 'string' && isMessageCode(shown.code)) return shown as Message;
  return typeof shown.message === 'string' ? shown.message : undefined;
}

/** The parameter at fault that an ErrorData names (`request.n`), for the plain words' label. */
const paramOf = (shown: Shown): string | undefined =>
  shown && typeof shown === 'object' && 'param' in shown && typeof shown.param === 'string' ? shown.param : undefined;

/** A host message in `language`, both ways: plain first, technical behind Details. */
export const messageWords = (shown: Shown, language: string = i18n.language): Worded => worded(textOf(shown), i18nextLookup(i18n, language), paramOf(shown));

/** A host message in `language` (the language shown, by default: for code outside components), in plain words. */
export const messageText = (shown: Shown, language: string = i18n.language): string => messageWords(shown, language).first;

/** The technical text behind a message's plain words; undefined when it has no other. */
export const messageDetail = (shown: Shown, language: string = i18n.language): string | undefined => messageWords(shown, language).detail;

/** `messageText` bound to the language shown; the component re-renders when it changes. */
export function useMessageText(): (shown: Shown) => string {
  const language = useTranslation().i18n.language;
  return useCallback((shown: Shown) => messageText(shown, language), [language]);
}

/** `messageWords` bound to the language shown. */
export function useMessageWords(): (shown: Shown) => Worded {
  const language = useTranslation().i18n.language;
  return useCallback((shown: Shown) => messageWords(shown, language), [language]);
}
