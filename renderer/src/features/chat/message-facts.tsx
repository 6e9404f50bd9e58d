/**
 * What the gateway said about a reply besides its text: tokens used (with thoughts for the
 * thinking models), why it ended when that was not a normal stop, and the native API's safety
 * ratings (one compact line, the full list on demand).
 */
import type { ChatChoice, ChatMessageView, ChatUsage } from '../../../../shared/contract/chat.js';

// One formatter for every row: toLocaleString builds a new one per call.
const format = new Intl.NumberFormat();
const n = (v: number) => format.format(v);

export function usageText(u: ChatUsage): string {
  const parts = [`${n(u.prompt)} prompt`, `${n(u.completion)} completion`, `${n(u.total)} total`];
  if (u.thoughts !== undefined) parts.push(`${n(u.thoughts)} thoughts`);
  return `Tokens: ${parts.join(' · ')}`;
}

const FINISH: Record<string, string> = {
  length: 'Cut off at the token limit (length).',
  MAX_TOKENS: 'Cut off at the token limit (MAX_TOKENS).',
  content_filter: 'Stopped by the content filter (content_filter).',
  SAFETY: 'Stopped for safety (SAFETY).',
  RECITATION: 'Stopped for repeating existing content (RECITATION).',
  OTHER: 'Stopped for another reason (OTHER).',
  tool_calls: 'The model asked to call a tool (tool_calls).',
};

/** A plain-words note for an unusual finish; nothing for a normal stop. */
export function finishNote(reason: string | undefined): string | undefined {
  if (!reason || reason === 'stop' || reason === 'STOP') return undefined;
  return FINISH[reason] ?? `Finish reason: ${reason}.`;
}

type Rating = NonNullable<ChatChoice['safetyRatings']>[number];

const shortCategory = (c: string) => c.replace(/^HARM_CATEGORY_/, '').replaceAll('_', ' ').toLowerCase();

function SafetyRatings({ label, ratings }: { label: string; ratings: readonly Rating[] }) {
  const flagged = ratings.filter((r) => !['NEGLIGIBLE', 'LOW'].includes(r.probability));
  return (
    <details className="msg-safety">
      <summary>
        {label}: {flagged.length ? flagged.map((r) => `${shortCategory(r.category)} ${r.probability.toLowerCase()}`).join(', ') : 'nothing flagged'}
      </summary>
      <ul>
        {ratings.map((r) => (
          <li key={r.category}>
            {shortCategory(r.category)}: {r.probability.toLowerCase()}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function MessageFacts({ message, choice }: { message: ChatMessageView; choice: ChatChoice | undefined }) {
  const finish = finishNote(choice?.finishReason);
  return (
    <>
      {finish && <p className="msg-finish">{finish}</p>}
      {message.usage && (
        <p className="msg-usage hint" data-testid="chat-usage">
          {usageText(message.usage)}
        </p>
      )}
      {choice?.safetyRatings?.length ? <SafetyRatings label="Safety" ratings={choice.safetyRatings} /> : null}
      {message.promptSafetyRatings?.length ? <SafetyRatings label="Prompt safety" ratings={message.promptSafetyRatings} /> : null}
    </>
  );
}
