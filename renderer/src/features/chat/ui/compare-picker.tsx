/**
 * The models the next message goes to when the creator compares (docs/chat-versions.md, "Side by
 * side"): the conversation's own model, and one to three more, each with the API it goes through.
 * Every control is a labelled field or button, so the whole bar is reachable by keyboard; removing
 * the last added model turns comparing off.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModelCombobox } from '../../../components/model-combobox.js';
import { useFormats } from '../../../i18n/format.js';
import { apisOf, MORE_MAX, nextTarget, withModel, type CompareTarget } from '../model/compare-targets.js';
import { apiLabel } from '../model/settings-form.js';

interface Props {
  /** The conversation's own model and API: always compared. */
  first: CompareTarget;
  more: readonly CompareTarget[];
  onChange(more: CompareTarget[] | undefined): void;
}

export function ComparePicker({ first, more, onChange }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const bar = useRef<HTMLFieldSetElement>(null);
  const remove = (i: number) => {
    const rest = more.filter((_, k) => k !== i);
    onChange(rest.length ? rest : undefined);
    // The row and its button are gone: focus goes to the bar's next control still there.
    requestAnimationFrame(() => bar.current?.querySelector<HTMLElement>('.chat-compare-add, .chat-compare-row button')?.focus());
  };
  return (
    <fieldset className="chat-compare" ref={bar}>
      <legend>{t('compare.bar')}</legend>
      <p className="hint">{t('compare.hint')}</p>
      <p className="chat-compare-first">{t('compare.first', { model: first.model, api: apiLabel(first.api, t) })}</p>
      {more.map((target, i) => {
        const n = f.number(i + 2);
        return (
          <div className="chat-compare-row" key={i} data-testid="compare-row">
            <ModelCombobox label={t('compare.model', { n })} labelHidden up allowCustom value={target.model} onChange={(m) => onChange(more.with(i, withModel(target, m)))} />
            <select aria-label={t('compare.api', { n })} value={target.api} onChange={(e) => onChange(more.with(i, { ...target, api: e.target.value as CompareTarget['api'] }))}>
              {apisOf(target.model).map((api) => (
                <option key={api} value={api}>
                  {apiLabel(api, t)}
                </option>
              ))}
            </select>
            <button type="button" className="button chat-small" aria-label={t('compare.remove', { n })} onClick={() => remove(i)}>
              {t('compare.removeMark')}
            </button>
          </div>
        );
      })}
      {more.length < MORE_MAX && (
        <button type="button" className="button chat-small chat-compare-add" onClick={() => onChange([...more, nextTarget([first, ...more])])}>
          {t('compare.add')}
        </button>
      )}
    </fieldset>
  );
}
