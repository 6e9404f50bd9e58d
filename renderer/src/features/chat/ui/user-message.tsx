/**
 * A turn the creator sent: its text and images (files from the host's store; links as links,
 * since the CSP keeps remote images out), with Copy and Edit. Editing resends the turn as a new
 * version of it: the old one stays, with the replies after it (version-pager.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatImage, ChatMessageView } from '@shared/contract/chat.js';
import { EMPTY, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { submitOnModEnterKey } from '../model/keys.js';
import type { ChatActions } from '../model/chat-actions.js';
import { CopyButton } from './copy-button.js';
import { VersionPager } from './version-pager.js';
import { SentDocuments } from './document-chips.js';

function Images({ images }: { images: readonly ChatImage[] }) {
  const { t } = useTranslation('chat');
  const base = useCall('app.info', EMPTY).data?.mediaBase;
  return (
    <ul className="msg-images" aria-label={t('user.images')}>
      {images.map((img, i) =>
        img.kind === 'file' ? (
          <li key={i}>{base !== undefined && <img className="msg-image" src={mediaUrl(base, img.file)} alt={img.name} loading="lazy" decoding="async" />}</li>
        ) : (
          <li key={i} className="msg-image-link">
            <a href={img.url} target="_blank" rel="noopener noreferrer">
              {img.url}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

interface Props {
  message: ChatMessageView;
  actions: ChatActions;
  locked: boolean;
}

export function UserMessage({ message, actions, locked }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.text ?? '');
  const [busy, setBusy] = useState(false);
  const images = message.images?.length ? <Images images={message.images} /> : null;
  const documents = message.documents?.length ? <SentDocuments documents={message.documents} /> : null;
  // Cancelling the edit takes its box and buttons away: focus goes back to Edit.
  const editButton = useRef<HTMLButtonElement>(null);
  const backToEdit = useRef(false);
  const cancel = () => {
    backToEdit.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !backToEdit.current) return;
    backToEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  const resend = async () => {
    setBusy(true);
    const started = await actions.resend(message, text);
    setBusy(false);
    if (started) setEditing(false);
  };

  if (editing) {
    return (
      <article className="msg msg-user is-editing" aria-label={t('user.editing')}>
        <textarea
          dir="auto"
          className="msg-editor"
          aria-label={t('user.editBox')}
          value={text}
          autoFocus
          rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              cancel();
            } else submitOnModEnterKey(e, () => void resend());
          }}
        />
        {images}
        {documents}
        <p className="hint">{t('user.editHint')}</p>
        <div className="msg-actions">
          <button type="button" className="button button-primary chat-small" disabled={busy || locked || (!text.trim() && !message.images?.length && !message.documents?.length)} onClick={() => void resend()}>
            {busy ? t('composer.sending') : t('user.sendEdited')}
          </button>
          <button type="button" className="button chat-small" onClick={cancel}>
            {t('common:cancel')}
          </button>
        </div>
      </article>
    );
  }

  return (
    <article className="msg msg-user" aria-label={t('user.label')}>
      {message.imagesFirst && images}
      {message.text && <div className="msg-text" dir="auto">{message.text}</div>}
      {!message.imagesFirst && images}
      {documents}
      <div className="msg-actions">
        <VersionPager message={message} actions={actions} locked={locked} />
        <CopyButton text={message.text ?? ''} />
        <button
          ref={editButton}
          type="button"
          className="button chat-small"
          disabled={locked}
          onClick={() => {
            setText(message.text ?? '');
            setEditing(true);
          }}
        >
          {t('user.edit')}
        </button>
      </div>
    </article>
  );
}
