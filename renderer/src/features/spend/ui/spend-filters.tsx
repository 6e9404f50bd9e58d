/** The Spend view's filters: dates (a preset or two dates), profile, kind and model. */
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@shared/contract/profiles.js';
import { MODALITIES, RANGES, type Modality, type RangeKey, type SpendFilter } from '../model/spend-filter.js';

interface SpendFiltersProps {
  filter: SpendFilter;
  profiles: readonly ProfileView[];
  models: readonly string[];
  onChange(patch: Partial<SpendFilter>): void;
  onClear(): void;
}

export function SpendFilters({ filter, profiles, models, onChange, onClear }: SpendFiltersProps) {
  const { t } = useTranslation('spend');
  const modelOptions = filter.model !== undefined && !models.includes(filter.model) ? [filter.model, ...models] : models;
  return (
    <fieldset className="spend-filters">
      <legend className="sr-only">{t('filters.label')}</legend>
      <label className="spend-field">
        <span>{t('filters.range')}</span>
        <select className="input" value={filter.range} onChange={(e) => onChange({ range: e.target.value as RangeKey })}>
          {RANGES.map((r) => <option key={r} value={r}>{t(`filters.ranges.${r}`)}</option>)}
        </select>
      </label>
      {filter.range === 'custom' && (
        <>
          <label className="spend-field">
            <span>{t('filters.from')}</span>
            <input className="input" type="date" value={filter.fromDate ?? ''} max={filter.toDate} onChange={(e) => onChange({ fromDate: e.target.value || undefined })} />
          </label>
          <label className="spend-field">
            <span>{t('filters.to')}</span>
            <input className="input" type="date" value={filter.toDate ?? ''} min={filter.fromDate} onChange={(e) => onChange({ toDate: e.target.value || undefined })} />
          </label>
        </>
      )}
      <label className="spend-field">
        <span>{t('filters.profile')}</span>
        <select className="input" value={filter.profileId ?? ''} onChange={(e) => onChange({ profileId: e.target.value || undefined })}>
          <option value="">{t('filters.allProfiles')}</option>
          {profiles.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </label>
      <label className="spend-field">
        <span>{t('filters.modality')}</span>
        <select className="input" value={filter.modality ?? ''} onChange={(e) => onChange({ modality: (e.target.value || undefined) as Modality | undefined })}>
          <option value="">{t('filters.all')}</option>
          {MODALITIES.map((m) => <option key={m} value={m}>{t(`modality.${m}`)}</option>)}
        </select>
      </label>
      <label className="spend-field">
        <span>{t('filters.model')}</span>
        <select className="input" value={filter.model === undefined ? '\u0000' : filter.model} onChange={(e) => onChange({ model: e.target.value === '\u0000' ? undefined : e.target.value })}>
          <option value={'\u0000'}>{t('filters.allModels')}</option>
          {modelOptions.map((m) => <option key={m} value={m}>{m || t('charts.noModel')}</option>)}
        </select>
      </label>
      <button type="button" className="button" onClick={onClear}>{t('filters.clear')}</button>
    </fieldset>
  );
}
