/**
 * The sampling parameters of spec 4.3: five numbers (empty means the gateway's default, shown as
 * the placeholder), up to four stop sequences and the number of alternatives. Each says when the
 * API this conversation currently uses does not take it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@shared/gateway/catalog.js';
import { Field, FieldMessages } from '../../../components/Field.js';
import { useFormats } from '../../../i18n/format.js';
import { apiLabel, ignoredBy, NUMBER_FIELDS, NUMBER_LABEL, NUMBER_RANGE, type ChatApi, type SettingsErrors, type SettingsForm } from '../model/settings-form.js';

interface Props {
  form: SettingsForm;
  errors: SettingsErrors;
  api: ChatApi;
  change(patch: Partial<SettingsForm>): void;
}

export function GenerationParams({ form, errors, api, change }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const stopId = useId();
  const rangeHint = (field: (typeof NUMBER_FIELDS)[number]) => {
    const r = NUMBER_RANGE[field];
    if (r.max === undefined) return t('params.rangeOpen');
    return t('params.range', { min: f.number(r.min), max: f.number(r.max), default: r.default === undefined ? '' : f.number(r.default) });
  };
  const ignored = (field: string) => (ignoredBy(api, field) ? t('params.ignored', { api: apiLabel(api, t) }) : '');
  const stops = form.stop.length ? form.stop : [''];
  const setStop = (i: number, value: string) => change({ stop: stops.with(i, value) });

  return (
    <div className="chat-params">
      {NUMBER_FIELDS.map((field) => {
        const r = NUMBER_RANGE[field];
        return (
          <Field key={field} label={t(NUMBER_LABEL[field])} hint={rangeHint(field) + ignored(field)} error={errors[field]} className={ignoredBy(api, field) ? 'is-ignored' : undefined}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={r.min}
                max={r.max}
                step={r.step}
                placeholder={r.default === undefined ? t('params.modelDefault') : f.number(r.default)}
                value={form.numbers[field]}
                onChange={(e) => change({ numbers: { ...form.numbers, [field]: e.target.value } })}
              />
            )}
          </Field>
        );
      })}
      <Field label={t('params.n')} hint={t('params.nHint', { min: f.number(TEXT_LIMITS.n.min), max: f.number(TEXT_LIMITS.n.max) }) + ignored('n')} error={errors.n} className={ignoredBy(api, 'n') ? 'is-ignored' : undefined}>
        {(control) => (
          <input {...control} type="number" min={TEXT_LIMITS.n.min} max={TEXT_LIMITS.n.max} step={1} value={form.n} onChange={(e) => change({ n: e.target.value })} />
        )}
      </Field>
      <fieldset className={`chat-stops${ignoredBy(api, 'stop') ? ' is-ignored' : ''}`} aria-describedby={`${stopId}-hint${errors.stop ? ` ${stopId}-error` : ''}`}>
        <legend>{t('params.stops')}</legend>
        {stops.map((s, i) => (
          <div key={i} className="chat-stop">
            <input type="text" aria-label={t('params.stop', { n: f.number(i + 1) })} value={s} maxLength={200} onChange={(e) => setStop(i, e.target.value)} />
            {(stops.length > 1 || s) && (
              <button type="button" className="icon-button" aria-label={t('params.removeStop', { n: f.number(i + 1) })} onClick={() => change({ stop: stops.filter((_, j) => j !== i) })}>
                ×
              </button>
            )}
          </div>
        ))}
        {stops.length < TEXT_LIMITS.stopSequences && (
          <button type="button" className="button chat-small" onClick={() => change({ stop: [...stops, ''] })}>
            {t('params.addStop')}
          </button>
        )}
        <FieldMessages id={stopId} hint={t('params.stopsHint', { max: f.number(TEXT_LIMITS.stopSequences) }) + ignored('stop')} error={errors.stop} />
      </fieldset>
    </div>
  );
}
