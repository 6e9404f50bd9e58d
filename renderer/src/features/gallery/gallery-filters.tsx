/** The gallery's filter bar: kind, model, a date range and a search over prompts. */
import { useId } from 'react';
import { hasFilters, NO_FILTERS, type GalleryFilters, type Kind } from './media.js';

const KINDS: { value: Kind | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
];

interface Props {
  value: GalleryFilters;
  models: readonly string[];
  onChange(next: GalleryFilters): void;
}

export function GalleryFilterBar({ value, models, onChange }: Props) {
  const id = useId();
  const set = (patch: Partial<GalleryFilters>) => onChange({ ...value, ...patch });
  // A model filtered on stays choosable even when its last item was just deleted.
  const modelOptions = value.model && !models.includes(value.model) ? [value.model, ...models] : models;

  return (
    <div className="gallery-filters" role="search" aria-label="Filter the gallery">
      <div className="field gallery-search">
        <label htmlFor={`${id}-text`}>Search prompts</label>
        <input
          id={`${id}-text`}
          type="search"
          value={value.text}
          placeholder="e.g. lighthouse at dusk"
          maxLength={500}
          onChange={(e) => set({ text: e.target.value })}
        />
      </div>
      <div className="field">
        <span className="field-label" id={`${id}-kind`}>
          Kind
        </span>
        <div className="segmented" role="group" aria-labelledby={`${id}-kind`}>
          {KINDS.map((k) => (
            <button key={k.label} type="button" className="segment" aria-pressed={value.kind === k.value} onClick={() => set({ kind: k.value })}>
              {k.label}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <select id={`${id}-model`} value={value.model ?? ''} onChange={(e) => set({ model: e.target.value || undefined })}>
          <option value="">All models</option>
          {modelOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} type="date" value={value.from ?? ''} max={value.to} onChange={(e) => set({ from: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="date" value={value.to ?? ''} min={value.from} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      {hasFilters(value) && (
        <button type="button" className="button gallery-clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
