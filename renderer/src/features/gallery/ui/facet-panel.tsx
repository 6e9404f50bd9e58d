/**
 * The gallery's facets (docs/data.md, "Facets"): a panel, closed at first, of every facet's values
 * with how many items of the whole library have each, given the other filters. A value is a
 * toggle button: pressing it filters by it, pressing it again clears that facet. The counts are
 * asked only while the panel is open, so the grid's first paint never waits for them.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import './facet-panel.css';
import type { FacetName, FacetValue } from '@shared/contract/library-facets.js';
import type { LibraryQuery } from '@shared/contract/library.js';
import { callQuery, errorMessage } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import type { GalleryFilters } from '../model/media.js';

interface Props {
  value: GalleryFilters;
  query: LibraryQuery;
  onChange(next: GalleryFilters): void;
}

/** The facets in the order shown; the favourite facet shows its "yes" only (the filter has no "not favourite"). */
const SHOWN: readonly FacetName[] = ['kind', 'model', 'date', 'rating', 'favourite', 'tag', 'collection', 'aspect', 'resolution', 'cost'];

/** The filter value a facet's value stands for, and whether it is the one chosen now. */
function choice(name: FacetName, v: FacetValue, f: GalleryFilters): { patch: Partial<GalleryFilters>; on: boolean } {
  switch (name) {
    case 'kind': return { patch: { kind: v.value as GalleryFilters['kind'] }, on: f.kind === v.value };
    case 'model': return { patch: { model: v.value }, on: f.model === v.value };
    case 'date': return { patch: { date: v.value as GalleryFilters['date'] }, on: f.date === v.value };
    case 'rating': return { patch: { rating: Number(v.value) }, on: f.rating === Number(v.value) };
    case 'favourite': return { patch: { favourite: true }, on: f.favourite === true };
    case 'tag': return { patch: { tag: v.value }, on: f.tag?.toLowerCase() === v.value.toLowerCase() };
    case 'collection': return { patch: { collectionId: v.value }, on: f.collectionId === v.value };
    case 'aspect': return { patch: { aspect: v.value as GalleryFilters['aspect'] }, on: f.aspect === v.value };
    case 'resolution': return { patch: { resolution: v.value as GalleryFilters['resolution'] }, on: f.resolution === v.value };
    case 'cost': return { patch: { cost: v.value as GalleryFilters['cost'] }, on: f.cost === v.value };
  }
}

/** Clears a facet's filter. */
const CLEAR: Record<FacetName, Partial<GalleryFilters>> = {
  kind: { kind: undefined }, model: { model: undefined }, date: { date: undefined }, rating: { rating: undefined, minRating: undefined },
  favourite: { favourite: undefined }, tag: { tag: undefined }, collection: { collectionId: undefined },
  aspect: { aspect: undefined }, resolution: { resolution: undefined }, cost: { cost: undefined },
};

function labelOf(t: TFunction<'gallery'>, name: FacetName, v: FacetValue): string {
  switch (name) {
    case 'kind': return t(`kind.${v.value as 'image' | 'video' | 'audio'}`);
    case 'rating': return v.value === '0' ? t('facets.unrated') : t('curation.stars', { count: Number(v.value), n: Number(v.value) });
    case 'favourite': return t('curation.favouritesOnly');
    case 'collection': return v.name ?? v.value;
    case 'date': case 'aspect': case 'resolution': case 'cost':
      return t(`facets.${name}.${v.value}` as 'facets.date.day');
    default: return v.value;
  }
}

export function FacetPanel({ value, query, onChange }: Props) {
  const { t } = useTranslation('gallery');
  const f = useFormats();
  const id = useId();
  const [open, setOpen] = useState(false);
  const facets = useQuery({ ...callQuery('library.facets', query), enabled: open, placeholderData: (previous) => previous });

  const toggle = (name: FacetName, v: FacetValue) => {
    const { patch, on } = choice(name, v, value);
    onChange({ ...value, ...CLEAR[name], ...(on ? {} : patch) });
  };

  return (
    <section className="gallery-facets">
      <button type="button" className="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        {open ? t('facets.hide') : t('facets.show')}
      </button>
      {open && (
        <div id={`${id}-panel`} className="gallery-facet-groups" role="region" aria-label={t('facets.label')} aria-busy={facets.isFetching}>
          {facets.isError && <p className="form-error">{errorMessage(facets.error)}</p>}
          {!facets.data && !facets.isError && <p className="muted">{t('facets.loading')}</p>}
          {facets.data && SHOWN.map((name) => {
            const counts = facets.data.facets[name];
            const values = name === 'favourite' ? counts.values.filter((v) => v.value === 'yes') : counts.values;
            return (
              <div key={name} className="gallery-facet" role="group" aria-labelledby={`${id}-${name}`}>
                <span className="field-label" id={`${id}-${name}`}>{t(`facets.names.${name}`)}</span>
                <div className="gallery-facet-values">
                  {values.length === 0 && <span className="muted">{t('facets.none')}</span>}
                  {values.map((v) => {
                    const { on } = choice(name, v, value);
                    return (
                      <button key={v.value} type="button" className={`gallery-chip${v.count === 0 && !on ? ' empty' : ''}`} aria-pressed={on} onClick={() => toggle(name, v)}>
                        {t('facets.value', { label: labelOf(t, name, v), n: f.number(v.count) })}
                      </button>
                    );
                  })}
                  {counts.more > 0 && <span className="muted">{t('facets.more', { count: counts.more, n: f.number(counts.more) })}</span>}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
