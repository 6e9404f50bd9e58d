/**
 * What the gateway said about a reply besides its text: tokens used (with thoughts for the
 * thinking models), why it ended when that was not a normal stop, and the native API's safety
 * ratings (one compact line, the full list on demand).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChatChoice, ChatMessageView, ChatUsage } from '@shared/contract/chat.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { ItemCostLine } from '../../../components/cost/cost-text.js';

export function usageText(u: ChatUsage, t: TFunction<'chat'>, f: Formats): string {
  const parts: string[] = [t('facts.prompt', { n: f.number(u.prompt) }), t('facts.completion', { n: f.number(u.completion) }), t('facts.total', { n: f.number(u.total) })];
  if (u.thoughts !== undefined) parts.push(t('facts.thoughts', { n: f.number(u.thoughts) }));
  return t('facts.usage', { parts: parts.join(' · ') });
}

/** Finish reasons of the three APIs, by the key of their note. */
const FINISH = {
  length: 'facts.finish.length',
  MAX_TOKENS: 'facts.finish.maxTokens',
  content_filter: 'facts.finish.contentFilter',
  SAFETY: 'facts.finish.safety',
  RECITATION: 'facts.finish.recitation',
  OTHER: 'facts.finish.other',
  tool_calls: 'facts.finish.toolCalls',
} as const;

const isKnown = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/** A plain-words note for an unusual finish; nothing for a normal stop. */
export function finishNote(reason: string | undefined, t: TFunction<'chat'>): string | undefined {
  if (!reason || reason === 'stop' || reason === 'STOP') return undefined;
  return isKnown(FINISH, reason) ? t(FINISH[reason]) : t('facts.finish.unknown', { reason });
}

type Rating = NonNullable<ChatChoice['safetyRatings']>[number];

const CATEGORY = {
  HARM_CATEGORY_HARASSMENT: 'facts.category.harassment',
  HARM_CATEGORY_HATE_SPEECH: 'facts.category.hateSpeech',
  HARM_CATEGORY_SEXUALLY_EXPLICIT: 'facts.category.sexuallyExplicit',
  HARM_CATEGORY_DANGEROUS_CONTENT: 'facts.category.dangerousContent',
  HARM_CATEGORY_CIVIC_INTEGRITY: 'facts.category.civicIntegrity',
} as const;

const PROBABILITY = {
  NEGLIGIBLE: 'facts.probability.negligible',
  LOW: 'facts.probability.low',
  MEDIUM: 'facts.probability.medium',
  HIGH: 'facts.probability.high',
} as const;

/** A category or level the studio knows in words; any other as the API wrote it, made readable. */
const categoryText = (c: string, t: TFunction<'chat'>) => (isKnown(CATEGORY, c) ? t(CATEGORY[c]) : c.replace(/^HARM_CATEGORY_/, '').replaceAll('_', ' ').toLowerCase());
const probabilityText = (p: string, t: TFunction<'chat'>) => (isKnown(PROBABILITY, p) ? t(PROBABILITY[p]) : p.toLowerCase());

function SafetyRatings({ label, ratings }: { label: string; ratings: readonly Rating[] }) {
  const { t } = useTranslation('chat');
  const flagged = ratings.filter((r) => !['NEGLIGIBLE', 'LOW'].includes(r.probability));
  const summary = flagged.length
    ? flagged.map((r) => t('facts.flagged', { category: categoryText(r.category, t), probability: probabilityText(r.probability, t) })).join(t('listSeparator'))
    : t('facts.nothingFlagged');
  return (
    <details className="msg-safety">
      <summary>{t('facts.safetySummary', { label, ratings: summary })}</summary>
      <ul>
        {ratings.map((r) => (
          <li key={r.category}>{t('facts.rating', { category: categoryText(r.category, t), probability: probabilityText(r.probability, t) })}</li>
        ))}
      </ul>
    </details>
  );
}

export function MessageFacts({ message, choice }: { message: ChatMessageView; choice: ChatChoice | undefined }) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const finish = finishNote(choice?.finishReason, t);
  return (
    <>
      {finish && <p className="msg-finish">{finish}</p>}
      {message.usage && (
        <p className="msg-usage hint" data-testid="chat-usage">
          {usageText(message.usage, t, f)}
        </p>
      )}
      {/* The reply's ledger rows (every call that wrote it, tool rounds too), keyed by its id; asked
          for once it has ended (its row is written then), a continued reply's known cost kept meanwhile. */}
      <ItemCostLine kind="replies" id={message.id} ask={message.status !== 'streaming'} className="msg-cost hint" />
      {choice?.safetyRatings?.length ? <SafetyRatings label={t('facts.safety')} ratings={choice.safetyRatings} /> : null}
      {message.promptSafetyRatings?.length ? <SafetyRatings label={t('facts.promptSafety')} ratings={message.promptSafetyRatings} /> : null}
    </>
  );
}
