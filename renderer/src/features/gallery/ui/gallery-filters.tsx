/** The gallery's filter bar: kind, model, a date range and a search over prompts. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../../../api/client.js';
import { hasFilters, NO_FILTERS, type GalleryFilters, type Kind } from '../model/media.js';

const KINDS: readonly (Kind | undefined)[] = [undefined, 'image', 'video', 'audio'];

interface Props {
  value: GalleryFilters;
  models: readonly string[];
  onChange(next: GalleryFilters): void;
}

export function GalleryFilterBar({ value, models, onChange }: Props) {
  const { t } = useTranslation('gallery');
  const id = useId();
  const set = (patch: Partial<GalleryFilters>) => onChange({ ...value, ...patch });
  // A model filtered on stays choosable even when its last item was just deleted.
  const collections = useCall('library.collections', EMPTY).data ?? [];
  const modelOptions = value.model && !models.includes(value.model) ? [value.model, ...models] : models;

  return (
    <div className="gallery-filters" role="search" aria-label={t('filters.label')}>
      <div className="field gallery-search">
        <label htmlFor={`${id}-text`}>{t('filters.search')}</label>
        <input
          id={`${id}-text`}
          type="search"
          value={value.text}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={500}
          onChange={(e) => set({ text: e.target.value })}
        />
      </div>
      <div className="field">
        <span className="field-label" id={`${id}-kind`}>
          {t('filters.kind')}
        </span>
        <div className="segmented" role="group" aria-labelledby={`${id}-kind`}>
          {KINDS.map((kind) => (
            <button key={kind ?? 'all'} type="button" className="segment" aria-pressed={value.kind === kind} onClick={() => set({ kind })}>
              {t(`filters.kinds.${kind ?? 'all'}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>{t('filters.model')}</label>
        <select id={`${id}-model`} value={value.model ?? ''} onChange={(e) => set({ model: e.target.value || undefined })}>
          <option value="">{t('filters.allModels')}</option>
          {modelOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('filters.from')}</label>
        <input id={`${id}-from`} type="date" value={value.from ?? ''} max={value.to} onChange={(e) => set({ from: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('filters.to')}</label>
        <input id={`${id}-to`} type="date" value={value.to ?? ''} min={value.from} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-collection`}>{t('curation.filter')}</label>
        <select id={`${id}-collection`} value={value.collectionId ?? ''} onChange={(e) => set({ collectionId: e.target.value || undefined })}>
          <option value="">{t('curation.allCollections')}</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rating`}>{t('curation.minRating')}</label>
        <select id={`${id}-rating`} value={value.minRating ?? ''} onChange={(e) => set({ minRating: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{t('curation.anyRating')}</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {t('curation.atLeast', { n })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" checked={value.favourite ?? false} onChange={(e) => set({ favourite: e.target.checked || undefined })} /> {t('curation.favouritesOnly')}
        </label>
      </div>
      {hasFilters(value) && (
        <button type="button" className="button gallery-clear" onClick={() => onChange(NO_FILTERS)}>
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
