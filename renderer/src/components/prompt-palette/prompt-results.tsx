/** What a prompt made (docs/prompts.md, "Results"): the thumbnails of the items its jobs saved, and its counts. */
import './strings.js';
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../../api/client.js';
import { mediaUrl } from '../../api/session.js';

export function PromptResults({ id }: { id: string }) {
  const { t } = useTranslation('prompts');
  const results = useCall('prompts.results', { id });
  const base = useCall('app.info', EMPTY).data?.mediaBase;
  if (!results.data || base === undefined) return null;
  const { items, jobs, replies } = results.data;
  return (
    <section className="prompt-results" aria-label={t('library.results')}>
      <p className="hint">{t('library.resultCounts', { jobs, replies })}</p>
      {items.length === 0 ? (
        <p className="muted">{t('library.noResults')}</p>
      ) : (
        <ul className="prompt-results-grid">
          {items.map((item) => {
            const src = item.thumb ? mediaUrl(base, item.thumb) : item.kind === 'image' ? mediaUrl(base, item.file) : undefined;
            return (
              <li key={item.id} data-testid="prompt-result">
                {src ? <img src={src} alt={item.prompt} loading="lazy" /> : <span className="hint">{item.kind}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
