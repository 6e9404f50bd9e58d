/**
 * The per-model settings, straight from the catalog: a model shows only the fields it has, with
 * its own sizes, resolutions and count bounds, and the resolution says the true pixel size.
 */
import { useId } from 'react';
import { IMAGE_MODELS, imagePixelSize, type ResolutionClass } from '../../../../shared/gateway/catalog.js';
import { FieldMessages } from '../../components/Field.js';
import { SelectField } from '../../components/generator/select-field.js';
import type { FieldErrors, ImageDraft } from './image-draft.js';

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
  const nHint = useId();
  const spec = IMAGE_MODELS[draft.model];
  if (!spec) {
    return (
      <p className="hint image-native-note">
        This model answers at once with an image (and sometimes a few words), saved straight to your library. To edit a
        picture, attach it below and describe the change.
      </p>
    );
  }
  const px = (r: ResolutionClass) => {
    const { width, height } = imagePixelSize(draft.size, r);
    return `${width} × ${height} px`;
  };
  const current = (spec.resolutions as readonly string[]).includes(draft.resolution) ? (draft.resolution as ResolutionClass) : spec.defaultResolution;
  const nError = errors.n;

  return (
    <div className="image-fields">
      <SelectField
        id="image-field-size"
        label="Aspect ratio"
        value={draft.size}
        onChange={(size) => onChange({ size })}
        options={spec.sizes.map((s) => ({ value: s, label: s === spec.defaultSize ? `${s} (default)` : s }))}
        error={errors.size}
      />
      <SelectField
        id="image-field-resolution"
        label="Resolution"
        value={draft.resolution}
        onChange={(resolution) => onChange({ resolution })}
        options={spec.resolutions.map((r) => ({ value: r, label: `${r} — ${px(r)}` }))}
        hint={`Output ${px(current)}`}
        error={errors.resolution}
      />
      <div className="field">
        <label htmlFor="image-field-n">Number of images</label>
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
          {spec.n.min} to {spec.n.max}; reference images may lower how many come back.
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
          label="Sequential group"
          hint="Generate the images as one related series (a storyboard, a set of variations)."
          checked={draft.sequential}
          error={errors.sequential}
          onChange={(sequential) => onChange({ sequential })}
        />
      )}
      {spec.watermark && (
        <Check
          id="image-field-watermark"
          label="Watermark"
          hint="Let the gateway add its watermark to each image."
          checked={draft.watermark}
          error={errors.watermark}
          onChange={(watermark) => onChange({ watermark })}
        />
      )}
    </div>
  );
}
