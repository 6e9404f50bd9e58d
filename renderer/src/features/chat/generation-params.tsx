/**
 * The sampling parameters of spec 4.3: five numbers (empty means the gateway's default, shown as
 * the placeholder), up to four stop sequences and the number of alternatives. Each says when the
 * API this conversation currently uses does not take it.
 */
import { useId } from 'react';
import { TEXT_LIMITS } from '../../../../shared/gateway/catalog.js';
import { Field, FieldMessages } from '../../components/Field.js';
import { API_LABEL, ignoredBy, NUMBER_FIELDS, NUMBER_LABEL, NUMBER_RANGE, type ChatApi, type SettingsErrors, type SettingsForm } from './settings-form.js';

interface Props {
  form: SettingsForm;
  errors: SettingsErrors;
  api: ChatApi;
  change(patch: Partial<SettingsForm>): void;
}

function rangeHint(field: (typeof NUMBER_FIELDS)[number]): string {
  const r = NUMBER_RANGE[field];
  if (r.max === undefined) return 'Whole number; the most differs per model.';
  return `${r.min} to ${r.max}, default ${r.default}.`;
}

export function GenerationParams({ form, errors, api, change }: Props) {
  const stopId = useId();
  const ignored = (field: string) => (ignoredBy(api, field) ? ` Ignored by the ${API_LABEL[api]} API.` : '');
  const stops = form.stop.length ? form.stop : [''];
  const setStop = (i: number, value: string) => change({ stop: stops.with(i, value) });

  return (
    <div className="chat-params">
      {NUMBER_FIELDS.map((field) => {
        const r = NUMBER_RANGE[field];
        return (
          <Field key={field} label={NUMBER_LABEL[field]} hint={rangeHint(field) + ignored(field)} error={errors[field]} className={ignoredBy(api, field) ? 'is-ignored' : undefined}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={r.min}
                max={r.max}
                step={r.step}
                placeholder={r.default === undefined ? 'Model default' : String(r.default)}
                value={form.numbers[field]}
                onChange={(e) => change({ numbers: { ...form.numbers, [field]: e.target.value } })}
              />
            )}
          </Field>
        );
      })}
      <Field label="Alternatives (n)" hint={`${TEXT_LIMITS.n.min} to ${TEXT_LIMITS.n.max} replies side by side.${ignored('n')}`} error={errors.n} className={ignoredBy(api, 'n') ? 'is-ignored' : undefined}>
        {(control) => (
          <input {...control} type="number" min={TEXT_LIMITS.n.min} max={TEXT_LIMITS.n.max} step={1} value={form.n} onChange={(e) => change({ n: e.target.value })} />
        )}
      </Field>
      <fieldset className={`chat-stops${ignoredBy(api, 'stop') ? ' is-ignored' : ''}`} aria-describedby={`${stopId}-hint${errors.stop ? ` ${stopId}-error` : ''}`}>
        <legend>Stop sequences</legend>
        {stops.map((s, i) => (
          <div key={i} className="chat-stop">
            <input type="text" aria-label={`Stop sequence ${i + 1}`} value={s} maxLength={200} onChange={(e) => setStop(i, e.target.value)} />
            {(stops.length > 1 || s) && (
              <button type="button" className="icon-button" aria-label={`Remove stop sequence ${i + 1}`} onClick={() => change({ stop: stops.filter((_, j) => j !== i) })}>
                ×
              </button>
            )}
          </div>
        ))}
        {stops.length < TEXT_LIMITS.stopSequences && (
          <button type="button" className="button chat-small" onClick={() => change({ stop: [...stops, ''] })}>
            + Stop sequence
          </button>
        )}
        <FieldMessages id={stopId} hint={`Up to ${TEXT_LIMITS.stopSequences}; the reply ends where one appears.${ignored('stop')}`} error={errors.stop} />
      </fieldset>
    </div>
  );
}
