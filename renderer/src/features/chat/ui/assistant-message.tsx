/**
 * A reply: its Markdown (live while streaming: the text received so far comes from the stream
 * store, so only this row re-renders per frame), alternatives side by side when n > 1, what
 * became of it (stopped, broken stream, failure) with the way forward, the functions it asked
 * for (answered on their cards), and its facts.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { LazyMarkdown } from '../../../components/markdown/lazy-markdown.js';
import { useFormats } from '../../../i18n/format.js';
import { MessageDetails } from '../../../components/generator/failure-note.js';
import { useMessageWords, type Shown } from '../../../i18n/messages.js';
import type { ChatActions } from '../model/chat-actions.js';
import { CopyButton } from './copy-button.js';
import { ReadingPanel } from './reading-panel.js';
import { ReplyNextStep } from './reply-next-step.js';
import { finishNote, MessageFacts } from './message-facts.js';
import { PaymentNote } from './payment-note.js';
import { apiLabel } from '../model/settings-form.js';
import { useLiveText } from '../model/stream-store.js';
import { ToolCalls } from './tool-call-card.js';
import { VersionPager } from './version-pager.js';

/**
 * An incomplete reply's reason, without "the text so far is kept" (the note says so already); a
 * reply saved by an older version holds the English sentence whole.
 */
function reasonOf(error: NonNullable<ChatMessageView['error']>): Shown {
  if (error.text?.code === 'chat.reply.textKept') return error.text.params?.message as Shown;
  return error.text ?? error.message.replace(/\s*The text so far is kept\.$/, '');
}

interface Props {
  message: ChatMessageView;
  actions: ChatActions;
  /** A stream is running in this conversation: nothing else may start. */
  locked: boolean;
}

function StatusNote({ message, actions, locked }: Props) {
  const { t } = useTranslation('chat');
  // Plain words first; the technical text (and the HTTP status) behind Details (failure-note.tsx).
  const words = useMessageWords();
  const say = (shown: Shown) => words(shown).first;
  const retry = (
    <button type="button" className="button chat-small" disabled={locked} onClick={() => actions.regenerate(message.id)}>
      {t('reply.retry')}
    </button>
  );
  const cont = (
    <button type="button" className="button chat-small" disabled={locked} onClick={() => actions.continueReply(message.id)}>
      {t('reply.continue')}
    </button>
  );
  switch (message.status) {
    case 'streaming':
      return (
        <p className="msg-note msg-streaming">
          <span className="msg-dots" aria-hidden="true" /> {t('reply.writing')}
        </p>
      );
    case 'incomplete':
      return (
        <div className="msg-note msg-warn" data-status="incomplete">
          <span>{t('reply.incomplete')}</span>
          {message.error && <span className="hint">{say(reasonOf(message.error))}</span>}
          {retry}
          {cont}
          {message.error && <MessageDetails detail={words(reasonOf(message.error)).detail} />}
        </div>
      );
    case 'stopped':
      return (
        <div className="msg-note" data-status="stopped">
          <span>{t('reply.stopped')}</span>
          {cont}
        </div>
      );
    case 'failed':
      if (message.error?.code === 'payment_required') return <PaymentNote detail={say(message.error)} status={message.error.status} retry={retry} />;
      return (
        <div className="msg-note msg-error" role="alert" data-status="failed">
          <span>{message.error ? say(message.error) : t('reply.failed')}</span>
          {retry}
          {message.error && <MessageDetails detail={words(message.error).detail} status={message.error.status} />}
        </div>
      );
    default:
      // A complete turn can still carry a note: the round limit stopped the tool loop here.
      return message.error ? <p className="msg-note msg-warn" data-status="note">{say(message.error)}</p> : null;
  }
}

export function AssistantMessage({ message, actions, locked }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const liveText = useLiveText(message.id);
  // Once the message is final its text is whole; a live frame still on its way must not add to it.
  const live = message.status === 'streaming' ? liveText : undefined;
  const choices = message.choices ?? [];
  const count = Math.max(choices.length, live?.texts.length ?? 0, 1);
  const texts = Array.from({ length: count }, (_, i) => (choices[i]?.text ?? '') + (live?.texts[i] ?? ''));
  const streaming = message.status === 'streaming';
  // Stopped or cut: its last line may only open what never came (components/markdown/unfinished.ts).
  const unfinished = message.status === 'stopped' || message.status === 'incomplete';
  const selected = message.selected ?? 0;
  // A reply that only asks for functions has no text of its own: its cards say what it did.
  const calls = (choices[selected]?.toolCalls?.length ?? 0) > 0;
  // "Use this one" goes as its alternative is chosen: focus lands on that alternative.
  const alts = useRef<HTMLDivElement>(null);
  const chosen = useRef<number | null>(null);
  useEffect(() => {
    if (chosen.current !== selected) return;
    chosen.current = null;
    alts.current?.querySelector<HTMLElement>(`[data-alt="${selected}"]`)?.focus();
  }, [selected]);
  const who = [message.model, message.api && t('reply.api', { api: apiLabel(message.api, t) })].filter(Boolean).join(' · ');

  return (
    <article className="msg msg-assistant" aria-label={message.model ? t('reply.labelFrom', { model: message.model }) : t('reply.label')} data-status={message.status ?? 'complete'}>
      {who && <p className="msg-who">{who}</p>}
      {count === 1 ? (
        <div className="msg-body" data-testid="reply-text">
          {texts[0] || streaming ? <LazyMarkdown text={texts[0]} streaming={streaming} unfinished={unfinished} /> : message.status === 'complete' && !calls && <p className="hint">{t('reply.noText')}</p>}
        </div>
      ) : (
        <div className="msg-alts" role="group" aria-label={t('reply.alternatives')} ref={alts}>
          {texts.map((text, i) => (
            <section key={i} className={`msg-alt${i === selected ? ' is-selected' : ''}`} aria-label={t('reply.alternative', { n: f.number(i + 1) })} data-alt={i} tabIndex={-1}>
              <header className="msg-alt-head">
                <strong>{t('reply.alternative', { n: f.number(i + 1) })}</strong>
                {i === selected ? (
                  <span className="badge badge-active">{t('reply.inUse')}</span>
                ) : (
                  <button type="button" className="button chat-small" disabled={streaming || locked} onClick={() => {
                      chosen.current = i;
                      actions.selectChoice(message.id, i);
                    }}
                  >
                    {t('reply.useThis')}
                  </button>
                )}
              </header>
              <div className="msg-body">
                <LazyMarkdown text={text} streaming={streaming} unfinished={unfinished} />
              </div>
              {finishNote(choices[i]?.finishReason, t) && <p className="msg-finish">{finishNote(choices[i]?.finishReason, t)}</p>}
            </section>
          ))}
        </div>
      )}
      <ToolCalls message={message} actions={actions} locked={locked} />
      <StatusNote message={message} actions={actions} locked={locked} />
      <MessageFacts message={message} choice={count === 1 ? choices[0] : undefined} />
      {!streaming && (
        <div className="msg-actions">
          <VersionPager message={message} actions={actions} locked={locked} />
          <CopyButton text={texts[selected] ?? texts[0]} />
          <ReplyNextStep messageId={message.id} markdown={texts[selected] ?? texts[0]} />
          <button type="button" className="button chat-small" disabled={locked} onClick={() => actions.regenerate(message.id)}>
            {t('reply.regenerate')}
          </button>
        </div>
      )}
      {!streaming && <ReadingPanel messageId={message.id} />}
    </article>
  );
}
