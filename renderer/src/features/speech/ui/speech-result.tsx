/**
 * The last spoken text, played from the library (it was saved before the call returned) with
 * the browser's own controls, seek bar included. Its duration is shown once the player has
 * read it; usage is the number of characters spoken, money only if the host recorded a cost.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { formatClock } from '../../../components/generator/format-clock.js';
import { mediaUrl } from '../../../api/session.js';
import { useFormats } from '../../../i18n/format.js';

/** Ogg and ADTS streams may report Infinity until read through; only a real figure is shown. */
const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : undefined);

export function SpeechResult({ itemId }: { itemId: string }) {
  const { t } = useTranslation(['speech', 'generator']);
  const f = useFormats();
  const item = useCall('library.get', { id: itemId });
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  const [duration, setDuration] = useState<number | undefined>(undefined);

  if (item.isError) {
    return (
      <section className="gen-result" aria-label={t('result.region')}>
        <p className="muted">{item.error.code === 'not_found' ? t('result.removed') : errorMessage(item.error)}</p>
      </section>
    );
  }
  if (!item.data || mediaBase === undefined) return null;
  const { data } = item;
  const shown = duration ?? data.durationSeconds;
  const p = data.params;
  return (
    <section className="gen-result" aria-label={t('result.region')} data-testid="speech-result">
      <div className="speech-result-head">
        <h3>{t('result.heading')}</h3>
        <span className="badge badge-active">{t('generator:status.savedToGallery')}</span>
      </div>
      <audio
        controls
        preload="metadata"
        src={mediaUrl(mediaBase, data.file)}
        aria-label={t('result.player')}
        onLoadedMetadata={(e) => setDuration(finite(e.currentTarget.duration))}
        onDurationChange={(e) => setDuration(finite(e.currentTarget.duration))}
      />
      <p className="gen-facts">
        <span data-testid="speech-duration">
          {shown !== undefined ? t('result.duration', { clock: formatClock(shown), seconds: f.fixed(shown, 1) }) : t('result.readingDuration')}
        </span>
        <span data-testid="speech-usage">{t('result.usage', { chars: f.number(data.prompt.length) })}</span>
        {data.cost && <span>{t('generator:usage.cost', { amount: f.cost(data.cost.amount, data.cost.currency) })}</span>}
        <span>{data.model}</span>
        {typeof p.voice === 'string' && <span>{t('result.voice', { voice: p.voice })}</span>}
        {typeof p.response_format === 'string' && <span data-testid="speech-format">{p.response_format}</span>}
        {typeof p.speed === 'number' && <span>{t('result.speed', { speed: f.number(p.speed) })}</span>}
        {/* KB is written the same in every language the studio speaks. */}
        <span>
          {data.mime} · {f.number(Math.max(1, Math.round(data.bytes / 1024)))} KB
        </span>
      </p>
      <blockquote className="gen-quote speech-text" dir="auto">{data.prompt}</blockquote>
    </section>
  );
}
