/**
 * The functions a reply asked for, one card each (docs/gateway-rules.md, "Tool calls"): the
 * tool's name, its arguments as the model wrote them (pretty-printed when they are JSON), what
 * does not fit the tool's schema (shown, never hidden), and the creator's answer: a result typed
 * here, or a refusal. Calls wait on the host, so an open card after a restart asks again; the
 * last answer of a turn starts the model's next reply.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageView, ToolAnswer, ToolCall } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/result.js';
import { useMessageText } from '../../i18n/messages.js';
import type { ChatActions } from './chat-actions.js';
import { SUBMIT_SHORTCUT, submitOnModEnterKey } from './keys.js';

/**
 * What was typed into each open card, by call: the list is virtualized, and a card scrolled out
 * of view unmounts; the text must still be there when it comes back. Dropped once answered.
 */
const typed = new Map<string, string>();

/** The arguments pretty-printed, or as written when they are not JSON (the card says so). */
function shownArguments(text: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

interface CardProps {
  messageId: string;
  call: ToolCall;
  /** Why the card cannot be answered now (a reply is being written), if it cannot. */
  blocked?: string;
  answer: ChatActions['answerToolCall'];
}

function Answered({ answer }: { answer: ToolAnswer }) {
  const { t } = useTranslation('chat');
  if (answer.kind === 'declined') return <p className="tool-answer is-declined">{t('toolCall.declined')}</p>;
  return (
    <div className="tool-answer">
      <p className="tool-label">{t('toolCall.resultSent')}</p>
      {answer.text ? (
        <pre className="tool-pre" role="group" aria-label={t('toolCall.resultSent')} tabIndex={0}>
          {answer.text}
        </pre>
      ) : (
        <p className="hint">{t('toolCall.emptyResult')}</p>
      )}
    </div>
  );
}

export function ToolCallCard({ messageId, call, blocked, answer }: CardProps) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const id = useId();
  const root = useRef<HTMLElement>(null);
  const [text, setText] = useState(() => typed.get(call.id) ?? '');
  const [busy, setBusy] = useState<ToolAnswer['kind'] | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  /** Answered from this card just now: focus stays on it as its field and buttons go. */
  const justAnswered = useRef(false);
  const args = shownArguments(call.arguments);
  const problems = call.problems ?? [];

  useEffect(() => {
    if (call.answer && justAnswered.current) root.current?.focus();
    justAnswered.current = false;
  }, [call.answer]);

  const edit = (value: string) => {
    setText(value);
    typed.set(call.id, value);
  };

  const give = async (given: ToolAnswer) => {
    if (busy || blocked) return;
    setBusy(given.kind);
    setFailure(null);
    justAnswered.current = true;
    const error = await answer(messageId, call.id, given);
    setBusy(null);
    if (error) {
      justAnswered.current = false;
      setFailure(error);
    } else typed.delete(call.id);
  };

  const reasonId = `${id}-blocked`;
  const disabled = !!blocked || busy !== null;
  return (
    <section ref={root} className="tool-card" aria-labelledby={`${id}-kind ${id}-name`} tabIndex={-1} data-answer={call.answer?.kind ?? 'open'}>
      <header className="tool-head">
        <span id={`${id}-kind`} className="tool-label">
          {t('toolCall.kind')}
        </span>
        <code id={`${id}-name`} className="tool-name">
          {call.name}
        </code>
      </header>
      <p className="tool-label">{t('toolCall.arguments')}</p>
      {/* Reachable by Tab: long arguments scroll within the card. */}
      <pre className="tool-pre" role="group" aria-label={t('toolCall.argumentsOf', { name: call.name })} tabIndex={0}>
        {args.text || t('toolCall.noArguments')}
      </pre>
      {!args.json && call.arguments !== '' && <p className="hint">{t('toolCall.notJson')}</p>}
      {problems.length > 0 && (
        <div className="tool-problems msg-warn">
          <p>{t('toolCall.problems')}</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{say(p)}</li>
            ))}
          </ul>
        </div>
      )}
      {call.answer ? (
        <Answered answer={call.answer} />
      ) : (
        <div className="tool-form">
          <label htmlFor={`${id}-result`} className="tool-label">
            {t('toolCall.result')}
          </label>
          <textarea
            id={`${id}-result`}
            rows={3}
            value={text}
            placeholder={t('toolCall.resultPlaceholder', { name: call.name, shortcut: SUBMIT_SHORTCUT })}
            onChange={(e) => edit(e.target.value)}
            onKeyDown={(e) => submitOnModEnterKey(e, () => void give({ kind: 'result', text }))}
            aria-describedby={[blocked && reasonId, failure && `${id}-error`].filter(Boolean).join(' ') || undefined}
            spellCheck={false}
          />
          {failure && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {t('toolCall.failed', { message: say(failure) })}
            </p>
          )}
          <div className="tool-actions">
            {blocked && (
              <span id={reasonId} className="hint">
                {blocked}
              </span>
            )}
            <button type="button" className="button chat-small" disabled={disabled} aria-describedby={blocked ? reasonId : undefined} onClick={() => void give({ kind: 'declined' })}>
              {busy === 'declined' ? t('toolCall.declining') : t('toolCall.decline')}
            </button>
            <button type="button" className="button button-primary chat-small" disabled={disabled} aria-describedby={blocked ? reasonId : undefined} onClick={() => void give({ kind: 'result', text })}>
              {busy === 'result' ? t('toolCall.sending') : t('toolCall.send')}
              <span className="gen-kbd" aria-hidden="true">
                {SUBMIT_SHORTCUT}
              </span>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

interface Props {
  message: ChatMessageView;
  actions: ChatActions;
  /** A stream is running in this conversation. */
  locked: boolean;
}

/** The calls of the message's selected choice, in the order the model made them. */
export function ToolCalls({ message, actions, locked }: Props) {
  const { t } = useTranslation('chat');
  const calls = message.choices?.[message.selected ?? 0]?.toolCalls ?? [];
  if (!calls.length) return null;
  // The answers go to the model with the conversation: not while a reply of it is being written.
  const blocked = locked || message.status === 'streaming' ? t('toolCall.blockedStreaming') : undefined;
  return (
    <div className="tool-calls" role="group" aria-label={t('toolCall.list')}>
      {calls.map((call) => (
        <ToolCallCard key={call.id} messageId={message.id} call={call} blocked={blocked} answer={actions.answerToolCall} />
      ))}
    </div>
  );
}
