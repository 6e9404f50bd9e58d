/** Everything the library knows about an item, as a description list (the sidecar's fields, readable). */
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { useFormats } from '../../../i18n/format.js';
import { formatBytes, formatDuration, formatValue, LONG_VALUE_CHARS } from '../model/media.js';
import { ItemLineage } from './item-lineage.js';
import { Marked, matchOf, useSearchWords } from './search-marks.js';

interface Props {
  item: LibraryItemView;
  /** Measured by the player when the sidecar has no duration (the host does not probe every video). */
  playedDuration?: number;
}

function Entries({ label, record }: { label: string; record: Record<string, unknown> | undefined }) {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <dl className="detail-sub" aria-label={label}>
          {entries.map(([k, v]) => {
            const text = formatValue(v);
            const nested = v !== null && typeof v === 'object';
            const long = text.length > LONG_VALUE_CHARS;
            // A long value scrolls in its own box, reachable by Tab so the keys scroll it too.
            return (
              <div key={k}>
                <dt>{k}</dt>
                <dd className={`${nested ? 'detail-nested' : ''}${long ? ' detail-long' : ''}`.trim() || undefined} tabIndex={long ? 0 : undefined} aria-label={long ? k : undefined}>
                  {text}
                </dd>
              </div>
            );
          })}
        </dl>
      </dd>
    </>
  );
}

export function ItemMetadata({ item, playedDuration }: Props) {
  const { t } = useTranslation('gallery');
  const f = useFormats();
  const duration = item.durationSeconds ?? playedDuration;
  const words = useSearchWords();
  // Why a search lists it, when the prompt does not say (search-marks.tsx): the tag, collection or rewritten prompt.
  const match = matchOf(item, words);
  return (
    <dl className="detail-meta" data-testid="detail-metadata">
      {match && match.field !== 'prompt' && (
        <>
          <dt>{t('search.why')}</dt>
          <dd data-testid="detail-match">{t(`search.because.${match.field}`, { text: match.text })}</dd>
        </>
      )}
      <dt>{t('metadata.prompt')}</dt>
      <dd className="detail-prompt" dir="auto">{item.prompt ? <Marked text={item.prompt} words={words} /> : <span className="muted">{t('metadata.noPrompt')}</span>}</dd>
      {item.actualPrompt && (
        <>
          <dt>{t('metadata.actualPrompt')}</dt>
          <dd className="detail-prompt" dir="auto" data-testid="detail-actual-prompt">
            <Marked text={item.actualPrompt} words={words} />
          </dd>
        </>
      )}
      <dt>{t('metadata.model')}</dt>
      <dd>
        <Marked text={item.model} words={words} />
      </dd>
      <dt>{t('metadata.kind')}</dt>
      <dd>
        {t(`kind.${item.kind}`)} <span className="muted">({item.mime})</span>
      </dd>
      {item.width !== undefined && item.height !== undefined && (
        <>
          <dt>{t('metadata.dimensions')}</dt>
          <dd>
            {item.width} × {item.height}
          </dd>
        </>
      )}
      {duration !== undefined && Number.isFinite(duration) && (
        <>
          <dt>{t('metadata.duration')}</dt>
          <dd>{formatDuration(duration)}</dd>
        </>
      )}
      <dt>{t('metadata.size')}</dt>
      <dd>{formatBytes(f, item.bytes)}</dd>
      <dt>{t('metadata.created')}</dt>
      <dd>{f.dateTime(item.createdAt)}</dd>
      <dt>{t('metadata.saved')}</dt>
      <dd>{f.dateTime(item.savedAt)}</dd>
      {item.taskId && (
        <>
          <dt>{t('metadata.taskId')}</dt>
          <dd>
            <code>{item.taskId}</code>
          </dd>
        </>
      )}
      {item.sourceUrl && (
        <>
          <dt>{t('metadata.source')}</dt>
          <dd>
            {/* Gateway links expire after 24 hours; the saved file is what lasts (Download / Save as…), so this is for reference. */}
            <a href={item.sourceUrl} target="_blank" rel="noreferrer noopener" className="detail-link">
              {item.sourceUrl}
            </a>
            <span className="muted detail-source-note">{t('metadata.sourceNote')}</span>
          </dd>
        </>
      )}
      {item.cost && (
        <>
          <dt>{t('metadata.cost')}</dt>
          <dd>{f.cost(item.cost.amount, item.cost.currency)}</dd>
        </>
      )}
      <ItemLineage item={item} />
      <Entries label={t('metadata.parameters')} record={item.params} />
      <Entries label={t('metadata.usage')} record={item.usage} />
    </dl>
  );
}
