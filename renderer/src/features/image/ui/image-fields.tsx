/**
 * The per-model settings, straight from the catalog: a model shows only the fields it has, with
 * its own sizes, resolutions and count bounds, and the resolution says the true pixel size.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MODELS, imagePixelSize, type ResolutionClass } from '@shared/gateway/catalog.js';
import { FieldMessages } from '../../../components/Field.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { useFormats } from '../../../i18n/format.js';
import type { FieldErrors, ImageDraft } from '../model/image-draft.js';

interface Props {
  draft: ImageDraft;
  errors: FieldErrors;
  onChange(patch: Partial<ImageDraft>): void;
}

function Check({ id, label, hint, checked, error, onChange }: { id: string; label: string; hint: string; checked: boolean; error?: string; onChange(v: boolean): void }) {
  return (
    <div className="field check-field">
      <label htmlFor={id} className="check-label">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function ImageFields({ draft, errors, onChange }: Props) {
  const { t } = useTranslation(['image', 'generator']);
  const f = useFormats();
  const nHint = useId();
  const spec = IMAGE_MODELS[draft.model];
  if (!spec) {
    return (
      <p className="hint image-native-note">{t('fields.nativeNote')}</p>
    );
  }
  const px = (r: ResolutionClass) => {
    const { width, height } = imagePixelSize(draft.size, r);
    // Pixel sizes are read as dimensions, never grouped (1024, not 1,024).
    return t('fields.pixels', { width, height });
  };
  const current = (spec.resolutions as readonly string[]).includes(draft.resolution) ? (draft.resolution as ResolutionClass) : spec.defaultResolution;
  const nError = errors.n;

  return (
    <div className="image-fields">
      <SelectField
        id="image-field-size"
        label={t('generator:labels.aspectRatio')}
        value={draft.size}
        onChange={(size) => onChange({ size })}
        options={spec.sizes.map((s) => ({ value: s, label: s === spec.defaultSize ? t('fields.defaultOption', { value: s }) : s }))}
        error={errors.size}
      />
      <SelectField
        id="image-field-resolution"
        label={t('fields.resolution')}
        value={draft.resolution}
        onChange={(resolution) => onChange({ resolution })}
        options={spec.resolutions.map((r) => ({ value: r, label: t('fields.resolutionOption', { resolution: r, pixels: px(r) }) }))}
        hint={t('fields.output', { pixels: px(current) })}
        error={errors.resolution}
      />
      <div className="field">
        <label htmlFor="image-field-n">{t('fields.count')}</label>
        <input
          id="image-field-n"
          type="number"
          inputMode="numeric"
          min={spec.n.min}
          max={spec.n.max}
          step={1}
          value={draft.n}
          onChange={(e) => onChange({ n: e.target.value })}
          aria-invalid={nError ? true : undefined}
          aria-describedby={`${nHint}${nError ? ' image-field-n-error' : ''}`}
        />
        <p id={nHint} className="hint">
          {t('fields.countHint', { min: f.number(spec.n.min), max: f.number(spec.n.max) })}
        </p>
        {nError && (
          <p id="image-field-n-error" className="field-error">
            {nError}
          </p>
        )}
      </div>
      {spec.sequential && (
        <Check
          id="image-field-sequential"
          label={t('fields.sequential')}
          hint={t('fields.sequentialHint')}
          checked={draft.sequential}
          error={errors.sequential}
          onChange={(sequential) => onChange({ sequential })}
        />
      )}
      {spec.watermark && (
        <Check
          id="image-field-watermark"
          label={t('fields.watermark')}
          hint={t('fields.watermarkHint')}
          checked={draft.watermark}
          error={errors.watermark}
          onChange={(watermark) => onChange({ watermark })}
        />
      )}
    </div>
  );
}
