/**
 * The functions a reply asked for, one card each (docs/gateway-rules.md, "Tool calls"): the
 * tool's name, its arguments as the model wrote them (tool-arguments-view.tsx), what
 * does not fit the tool's schema (shown, never hidden), and the creator's answer: a result typed
 * here, or a refusal. A call to a tool of one of the studio's MCP servers is also offered to run
 * in the host, after approval (mcp-call-actions.tsx, docs/mcp.md); typing its result stays
 * possible. Calls wait on the host, so an open card after a restart asks again; the last answer
 * of a turn starts the model's next reply.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageView, ToolAnswer, ToolCall } from '@shared/contract/chat.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { useMessageText } from '../../../i18n/messages.js';
import type { ChatActions } from '../model/chat-actions.js';
import { SUBMIT_SHORTCUT, submitOnModEnterKey } from '../model/keys.js';
import { McpCallActions } from './mcp-call-actions.js';
import { PreviewNote, ToolArgumentsView, useWholeText } from './tool-arguments-view.js';
import { useToolRun } from '../model/tool-run-store.js';

/**
 * What was typed into each open card, by call: the list is virtualized, and a card scrolled out
 * of view unmounts; the text must still be there when it comes back. Dropped once answered.
 */
const typed = new Map<string, string>();

interface CardProps {
  messageId: string;
  call: ToolCall;
  /** Why the card cannot be answered now (a reply is being written), if it cannot. */
  blocked?: string;
  actions: Pick<ChatActions, 'answerToolCall' | 'runToolCall' | 'wholeText'>;
}

/** Results longer than this start folded: a tool may answer with pages of text. */
const FOLD_LINES = 24;
const FOLD_CHARS = 3_000;

interface AnsweredProps {
  answer: ToolAnswer;
  /** The result's whole length, when `answer.text` is its start (tool-arguments-view.tsx). */
  chars?: number;
  load(): ReturnType<ChatActions['wholeText']>;
}

function Answered({ answer, chars, load }: AnsweredProps) {
  const { t } = useTranslation('chat');
  const state = useWholeText(load);
  if (answer.kind === 'declined') return <p className="tool-answer is-declined">{t('toolCall.declined')}</p>;
  const badge = answer.isError && (
    <>
      {' '}
      <span className="badge badge-error">{t('toolCall.toolError')}</span>
    </>
  );
  if (!answer.text)
    return (
      <div className="tool-answer">
        <p className="tool-label">
          {t('toolCall.resultSent')}
          {badge}
        </p>
        <p className="hint">{t('toolCall.emptyResult')}</p>
      </div>
    );
  const preview = chars !== undefined && state.whole === null;
  const text = state.whole ?? answer.text;
  const long = preview || text.length > FOLD_CHARS || text.split('\n', FOLD_LINES + 1).length > FOLD_LINES;
  return (
    // Uncontrolled once shown: `open` is only where it starts, the creator folds it from there.
    <details className="tool-answer" open={!long}>
      <summary className="tool-label">
        {t('toolCall.resultSent')}
        {badge}
      </summary>
      <pre className="tool-pre" role="group" aria-label={t('toolCall.resultSent')} tabIndex={0}>
        {text}
      </pre>
      {preview && <PreviewNote shown={answer.text.length} total={chars} state={state} />}
    </details>
  );
}

interface HandProps {
  id: string;
  call: ToolCall;
  text: string;
  edit(value: string): void;
  give(answer: ToolAnswer): void;
  busy: Busy | null;
  disabled: boolean;
  /** Why nothing can be sent now, if so (its text is shown by the card). */
  reasonId?: string;
  failure: ErrorData | null;
  /** An MCP call's card has Deny beside its run buttons: no second refusal here. */
  decline: boolean;
}

/** A result typed by hand: the only answer for a plain function, a choice for an MCP call. */
function HandAnswer({ id, call, text, edit, give, busy, disabled, reasonId, failure, decline }: HandProps) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const name = call.mcp?.tool ?? call.name;
  return (
    <div className="tool-form" id={`${id}-hand`}>
      <label htmlFor={`${id}-result`} className="tool-label">
        {t('toolCall.result')}
      </label>
      <textarea
        dir="auto"
        id={`${id}-result`}
        rows={3}
        value={text}
        placeholder={t('toolCall.resultPlaceholder', { name, shortcut: SUBMIT_SHORTCUT })}
        onChange={(e) => edit(e.target.value)}
        onKeyDown={(e) => submitOnModEnterKey(e, () => give({ kind: 'result', text }))}
        aria-describedby={[reasonId, failure && `${id}-error`].filter(Boolean).join(' ') || undefined}
        spellCheck={false}
      />
      {failure && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('toolCall.failed', { message: say(failure) })}
        </p>
      )}
      <div className="tool-actions">
        {decline && (
          <button type="button" className="button chat-small" disabled={disabled} aria-describedby={reasonId} onClick={() => give({ kind: 'declined' })}>
            {busy === 'declined' ? t('toolCall.declining') : t('toolCall.decline')}
          </button>
        )}
        <button type="button" className="button button-primary chat-small" disabled={disabled} aria-describedby={reasonId} onClick={() => give({ kind: 'result', text })}>
          {busy === 'result' ? t('toolCall.sending') : t('toolCall.send')}
          <span className="gen-kbd" aria-hidden="true">
            {SUBMIT_SHORTCUT}
          </span>
        </button>
      </div>
    </div>
  );
}

/** What the card is waiting for: an answer on its way, or a run this card asked for. */
type Busy = ToolAnswer['kind'] | 'run';

export function ToolCallCard({ messageId, call, blocked, actions }: CardProps) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const id = useId();
  const root = useRef<HTMLElement>(null);
  const [text, setText] = useState(() => typed.get(call.id) ?? '');
  const [busy, setBusy] = useState<Busy | null>(null);
  const [failure, setFailure] = useState<ErrorData | null>(null);
  /** The creator opened or closed "Answer by hand"; until then it follows the call's state. */
  const [handChoice, setHandChoice] = useState<boolean | null>(null);
  const run = useToolRun(call.id);
  /** Answered from this card just now: focus stays on it as its field and buttons go. */
  const justAnswered = useRef(false);
  const problems = call.problems ?? [];
  const mcp = call.mcp;
  const shownName = mcp?.tool ?? call.name;
  const running = !call.answer && (run !== undefined || busy === 'run');

  useEffect(() => {
    if (call.answer && justAnswered.current) root.current?.focus();
    justAnswered.current = false;
  }, [call.answer]);

  const edit = (value: string) => {
    setText(value);
    typed.set(call.id, value);
  };

  const give = async (given: ToolAnswer) => {
    if (busy || blocked || running) return;
    setBusy(given.kind);
    setFailure(null);
    justAnswered.current = true;
    const error = await actions.answerToolCall(messageId, call.id, given);
    setBusy(null);
    if (error) {
      justAnswered.current = false;
      setFailure(error);
    } else typed.delete(call.id);
  };

  const runIt = async (always: boolean) => {
    if (busy || blocked || running || problems.length) return;
    setBusy('run');
    setFailure(null);
    justAnswered.current = true;
    // The pressed button is disabled while the tool runs: focus waits on the card, not on nothing.
    root.current?.focus();
    const error = await actions.runToolCall(messageId, call.id, always);
    setBusy(null);
    // The reason is kept on the call (runError) and shown with Run again.
    if (error) justAnswered.current = false;
    else typed.delete(call.id);
  };

  const reasonId = blocked ? `${id}-blocked` : undefined;
  const disabled = !!blocked || busy !== null || running;
  // Open by default where answering by hand is what is left: arguments that cannot run, a run
  // that gave no answer, or a result already being typed.
  const handOpen = !mcp || (handChoice ?? (problems.length > 0 || !!call.runError || text !== ''));
  return (
    <section
      ref={root}
      className="tool-card"
      aria-labelledby={`${id}-kind ${id}-name${mcp ? ` ${id}-server` : ''}`}
      tabIndex={-1}
      data-answer={call.answer?.kind ?? 'open'}
      data-running={running || undefined}
    >
      <header className="tool-head">
        <span id={`${id}-kind`} className="tool-label">
          {mcp ? t('toolCall.mcpKind') : t('toolCall.kind')}
        </span>
        <code id={`${id}-name`} className="tool-name" title={mcp ? call.name : undefined}>
          {shownName}
        </code>
        {mcp && (
          <span id={`${id}-server`} className="tool-server">
            <span aria-hidden="true">· </span>
            {t('toolCall.mcpFrom', { server: mcp.serverName })}
          </span>
        )}
      </header>
      <p className="tool-label">{t('toolCall.arguments')}</p>
      <ToolArgumentsView messageId={messageId} call={call} label={t('toolCall.argumentsOf', { name: shownName })} wholeText={actions.wholeText} />
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
        <Answered answer={call.answer} chars={call.answerChars} load={() => actions.wholeText(messageId, call.id, 'result')} />
      ) : (
        <>
          {blocked && (
            <p id={reasonId} className="hint">
              {blocked}
            </p>
          )}
          {mcp && (
            <>
              <McpCallActions
                call={{ ...call, mcp }}
                running={running}
                run={run}
                blockedId={reasonId}
                busy={busy !== null}
                onRun={(always) => void runIt(always)}
                onDeny={() => void give({ kind: 'declined' })}
              />
              <button type="button" className="button chat-small tool-hand-toggle" aria-expanded={handOpen} aria-controls={handOpen ? `${id}-hand` : undefined} onClick={() => setHandChoice(!handOpen)}>
                {t('toolCall.byHand')}
              </button>
            </>
          )}
          {handOpen && (
            <HandAnswer id={id} call={call} text={text} edit={edit} give={(a) => void give(a)} busy={busy} disabled={disabled} reasonId={reasonId} failure={failure} decline={!mcp} />
          )}
        </>
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
        <ToolCallCard key={call.id} messageId={message.id} call={call} blocked={blocked} actions={actions} />
      ))}
    </div>
  );
}
