/**
 * One message's replies from several models, side by side (docs/chat-versions.md, "Side by
 * side"): a column per model, each live while it streams (only its own column re-renders per
 * frame), with its model and API, tokens and cost, what became of it, and "Continue with this",
 * which makes it the turn the conversation goes on with; the others stay its versions.
 */
import { useTranslation } from 'react-i18next';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { LazyMarkdown } from '../../../components/markdown/lazy-markdown.js';
import { MessageDetails } from '../../../components/generator/failure-note.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageWords } from '../../../i18n/messages.js';
import type { ChatActions } from '../model/chat-actions.js';
import { apiLabel } from '../model/settings-form.js';
import { useLiveText } from '../model/stream-store.js';
import { CopyButton } from './copy-button.js';
import { MessageFacts } from './message-facts.js';

interface Props {
  message: ChatMessageView;
  actions: ChatActions;
  locked: boolean;
}

/** The versions in the order they were made: the shown one at its place among the others. */
export function columnsOf(message: ChatMessageView): ChatMessageView[] {
  const others = message.alongside ?? [];
  const shown = Math.min(message.versions?.shown ?? 0, others.length);
  return [...others.slice(0, shown), message, ...others.slice(shown)];
}

function ColumnStatus({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation('chat');
  const words = useMessageWords();
  if (message.status === 'streaming')
    return (
      <p className="msg-note msg-streaming">
        <span className="msg-dots" aria-hidden="true" /> {t('reply.writing')}
      </p>
    );
  if (message.status === 'failed')
    return (
      <div className="msg-note msg-error" role="alert" data-status="failed">
        <span>{message.error ? words(message.error).first : t('reply.failed')}</span>
        {message.error && <MessageDetails detail={words(message.error).detail} status={message.error.status} />}
      </div>
    );
  if (message.status === 'stopped') return <p className="msg-note" data-status="stopped">{t('reply.stopped')}</p>;
  if (message.status === 'incomplete') return <p className="msg-note msg-warn" data-status="incomplete">{t('reply.incomplete')}</p>;
  return null;
}

function Column({ message, version, head, actions, locked }: { message: ChatMessageView; version: number; head: string; actions: ChatActions; locked: boolean }) {
  const { t } = useTranslation('chat');
  const live = useLiveText(message.id);
  const streaming = message.status === 'streaming';
  const text = (message.choices?.[0]?.text ?? '') + (streaming ? (live?.texts[0] ?? '') : '');
  const who = message.model ?? '';
  return (
    <section className="msg-compare-col" aria-label={t('compare.column', { model: who })} data-version={version} data-status={message.status ?? 'complete'}>
      <header className="msg-alt-head">
        <strong>{who}</strong>
        {message.api && <span className="hint">{t('reply.api', { api: apiLabel(message.api, t) })}</span>}
      </header>
      <div className="msg-body" data-testid="reply-text">
        {(text || streaming) && <LazyMarkdown text={text} streaming={streaming} unfinished={message.status === 'stopped' || message.status === 'incomplete'} />}
      </div>
      <ColumnStatus message={message} />
      <MessageFacts message={message} choice={message.choices?.[0]} />
      {!streaming && (
        <div className="msg-actions">
          <button type="button" className="button button-primary chat-small" disabled={locked} onClick={() => actions.chooseVersion(head, version)} aria-describedby={`compare-hint-${head}`}>
            {t('compare.choose')}
          </button>
          <CopyButton text={text} />
        </div>
      )}
    </section>
  );
}

export function SideBySide({ message, actions, locked }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const columns = columnsOf(message);
  return (
    <article className="msg msg-assistant msg-compare" aria-label={t('compare.group', { count: columns.length, n: f.number(columns.length) })}>
      <div className="msg-compare-cols">
        {columns.map((m, i) => (
          <Column key={m.id} message={m} version={i} head={message.id} actions={actions} locked={locked} />
        ))}
      </div>
      <p id={`compare-hint-${message.id}`} className="hint">
        {t('compare.chooseHint')}
      </p>
    </article>
  );
}
