/**
 * ‹ 2 / 3 › on a turn kept in several versions (docs/chat-versions.md): each press shows the
 * version before or after, with the branch of the conversation below it. Buttons, so Tab and
 * Enter reach them; focus stays on the pager across the switch (version-focus.ts).
 */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { useFormats } from '../../../i18n/format.js';
import type { ChatActions } from '../model/chat-actions.js';
import { versionFocus, type PagerSide } from '../model/version-focus.js';

interface Props {
  message: ChatMessageView;
  actions: ChatActions;
  locked: boolean;
}

export function VersionPager({ message, actions, locked }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const side = versionFocus.take(message.id);
    if (!side) return;
    const first = side === 'previous' ? previous.current : next.current;
    const other = side === 'previous' ? next.current : previous.current;
    (first && !first.disabled ? first : other)?.focus();
  }, [message.id]);
  if (!message.versions) return null;
  const { shown, count } = message.versions;
  const go = (side: PagerSide) => actions.switchVersion(message.id, side === 'previous' ? shown - 1 : shown + 1, side);
  return (
    <span className="msg-versions" role="group" aria-label={t('versions.label')}>
      <button ref={previous} type="button" className="button chat-small" aria-label={t('versions.previous')} disabled={locked || shown === 0} onClick={() => go('previous')}>
        {t('versions.previousMark')}
      </button>
      <span className="msg-versions-at" aria-live="polite">
        {t('versions.position', { shown: f.number(shown + 1), total: f.number(count) })}
      </span>
      <button ref={next} type="button" className="button chat-small" aria-label={t('versions.next')} disabled={locked || shown >= count - 1} onClick={() => go('next')}>
        {t('versions.nextMark')}
      </button>
    </span>
  );
}
