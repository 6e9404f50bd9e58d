/**
 * A reply's reading (model/read-aloud.ts), under its actions: progress while the speech is made,
 * then the saved speech with the browser's own player, or why it could not be made. The voice is
 * chosen here, and "Read again" reads the same words with it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEECH_LIMITS, SPEECH_VOICES, type SpeechVoice } from '@shared/gateway/catalog.js';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { useFormats } from '../../../i18n/format.js';
import { chooseVoice, dismissReading, readAloud, useReadAloudStore } from '../model/read-aloud.js';
import { useReplySource } from '../model/reply-source.js';

const VOICES = Object.keys(SPEECH_VOICES) as SpeechVoice[];

function Player({ itemId, voice }: { itemId: string; voice: string }) {
  const { t } = useTranslation('chat');
  const item = useCall('library.get', { id: itemId });
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  if (item.isError) return <p className="form-error">{t('nextStep.failed', { message: errorMessage(item.error) })}</p>;
  if (!item.data || mediaBase === undefined) return null;
  return (
    <>
      <audio controls preload="metadata" src={mediaUrl(mediaBase, item.data.file)} aria-label={t('nextStep.player')} />
      <span className="hint">{t('nextStep.saved', { voice })}</span>
    </>
  );
}

export function ReadingPanel({ messageId }: { messageId: string }) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const reading = useReadAloudStore((s) => s.byMessage[messageId]);
  const voice = useReadAloudStore((s) => s.voice);
  const sourceOf = useReplySource();
  const voiceId = useId();
  if (!reading || !sourceOf) return null;
  const again = reading.state === 'done' || reading.state === 'failed' ? reading.text : undefined;

  return (
    <section className="reply-reading" aria-label={t('nextStep.region')} data-testid="read-aloud" data-state={reading.state}>
      {reading.state === 'making' && (
        <p role="status" className="reply-reading-making">
          <progress aria-label={t('nextStep.making', { chars: f.number(reading.chars) })} />
          <span>{t('nextStep.making', { chars: f.number(reading.chars) })}</span>
        </p>
      )}
      {reading.state === 'done' && <Player itemId={reading.itemId} voice={reading.voice} />}
      {reading.state === 'failed' && <p role="alert" className="form-error">{t('nextStep.failed', { message: errorMessage(reading.error) })}</p>}
      {reading.state === 'refused' && (
        <p role="alert" className="form-error">
          {reading.reason === 'empty' ? t('nextStep.empty') : t('nextStep.tooLong', { chars: f.number(reading.chars), max: f.number(SPEECH_LIMITS.maxInputChars) })}
        </p>
      )}
      {reading.state !== 'making' && (
        <div className="reply-reading-tools">
          {again !== undefined && (
            <>
              <label htmlFor={voiceId}>{t('nextStep.voice')}</label>
              <select id={voiceId} value={voice} onChange={(e) => chooseVoice(e.target.value as SpeechVoice)}>
                {VOICES.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
              <button type="button" className="button chat-small" onClick={() => void readAloud(sourceOf(messageId, again), again)}>
                {t('nextStep.again')}
              </button>
            </>
          )}
          <button
            type="button"
            className="button chat-small"
            onClick={(e) => {
              // The focus goes back to the reply's "Read aloud", not to the page's start.
              e.currentTarget.closest('article')?.querySelector<HTMLButtonElement>('[data-read-aloud]')?.focus();
              dismissReading(messageId);
            }}
          >
            {t('nextStep.dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}
