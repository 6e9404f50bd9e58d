/**
 * "Prices you set" (docs/ledger.md, "Prices you set"): per model and unit (the kinds of
 * docs/ledger.md, "Units"), added, edited and removed here; quotes and the calls attributed from
 * then on use them (basis `user`). What was typed stays in its field when refused, with the reason
 * beside it; after a save or a removal the focus goes somewhere sensible, never to the page's top.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PriceEntry, PriceTable } from '@shared/contract/ledger-quote.js';
import { EMPTY, callKey, useAction, useCall, useEvent } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { checkDraft, draftOf, EMPTY_DRAFT, hasClass, PRICE_KINDS, yuanOf, type PriceDraft, type PriceField, type PriceProblem } from '../model/price-table.js';

/** The fields by name, for `field()` (one input per name, keyed by it). */
const F = { model: 'model', unitClass: 'unitClass', input: 'input', output: 'output', thinking: 'thinking', price: 'price' } as const satisfies Record<PriceField, PriceField>;

type Editing = { index: number } | null;
type Note = { key: 'prices.saved' } | { key: 'prices.removed'; model: string } | null;

function PriceText({ entry }: { entry: PriceEntry }) {
  const { t } = useTranslation('settings');
  const f = useFormats();
  const y = (money: number) => f.cost(Number(yuanOf(money)), 'CNY');
  if (entry.kind === 'text') {
    return entry.thinking === undefined
      ? t('prices.shown.text', { input: y(entry.input), output: y(entry.output) })
      : t('prices.shown.textThinking', { input: y(entry.input), output: y(entry.output), thinking: y(entry.thinking) });
  }
  return t(`prices.shown.${entry.kind}`, { price: y(entry.price) });
}

const unitText = (entry: PriceEntry, t: ReturnType<typeof useTranslation<'settings'>>['t']) =>
  t(`prices.unitShown.${entry.kind}`, { unitClass: 'unitClass' in entry ? entry.unitClass : '' });

export function PricesSetting() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const client = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<PriceField, HTMLInputElement | null>>>({});
  const focusModel = () => inputs.current.model?.focus();
  const table = useCall('ledger.prices', EMPTY);
  const save = useAction('ledger.setPrices', { onSuccess: (saved) => client.setQueryData(callKey('ledger.prices', EMPTY), saved) });
  useEvent('ledger.onPricesChange', () => void client.invalidateQueries({ queryKey: callKey('ledger.prices', EMPTY) }));
  const [draft, setDraft] = useState<PriceDraft>(EMPTY_DRAFT);
  const [editing, setEditing] = useState<Editing>(null);
  const [problems, setProblems] = useState<Partial<Record<PriceField, PriceProblem>>>({});
  const [note, setNote] = useState<Note>(null);
  const entries = table.data?.entries ?? [];

  const change = (patch: Partial<PriceDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setNote(null);
    if (save.isError) save.reset();
  };
  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setEditing(null);
    setProblems({});
  };
  const store = (next: PriceTable, after: () => void) => save.mutate(next, { onSuccess: after });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const others = entries.filter((_, i) => i !== editing?.index);
    const checked = checkDraft(draft, others);
    if ('problems' in checked) {
      setProblems(checked.problems);
      const first = (['model', 'unitClass', 'input', 'output', 'thinking', 'price'] as const).find((k) => checked.problems[k]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setProblems({});
    const next = editing ? entries.map((e, i) => (i === editing.index ? checked.entry : e)) : [...entries, checked.entry];
    store({ entries: next }, () => {
      reset();
      setNote({ key: 'prices.saved' });
      focusModel();
    });
  };

  const remove = (index: number) => {
    const gone = entries[index];
    store({ entries: entries.filter((_, i) => i !== index) }, () => {
      if (editing) reset();
      setNote({ key: 'prices.removed', model: gone.model });
      heading.current?.focus();
    });
  };

  const problemText = (field: PriceField) => {
    const p = problems[field];
    if (!p) return undefined;
    return p === 'duplicate' ? t('prices.problems.duplicate', { model: draft.model.trim() }) : t(`prices.problems.${p}`);
  };
  const field = (name: PriceField, label: string, hint?: string) => (
    <TextField
      key={name}
      label={label}
      hint={hint}
      ref={(el) => {
        inputs.current[name] = el;
      }}
      inputMode={name === 'model' || name === 'unitClass' ? undefined : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      value={draft[name]}
      onChange={(e) => change({ [name]: e.target.value })}
      error={problemText(name)}
    />
  );

  return (
    <section className="settings-section prices-setting" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('prices.heading')}
      </h3>
      <p className="muted">{t('prices.about')}</p>
      {table.isError && <p className="form-error">{say(table.error)}</p>}
      {!table.data && !table.isError && <p className="muted">{t('prices.loading')}</p>}
      {table.data && entries.length === 0 && <p className="muted">{t('prices.empty')}</p>}
      {entries.length > 0 && (
        <table className="prices-table" aria-label={t('prices.listLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('prices.model')}</th>
              <th scope="col">{t('prices.unit')}</th>
              <th scope="col">{t('prices.price')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={`${entry.kind} ${entry.model} ${'unitClass' in entry ? entry.unitClass : ''}`} aria-current={editing?.index === i ? 'true' : undefined}>
                <th scope="row">{entry.model}</th>
                <td>{unitText(entry, t)}</td>
                <td>
                  <PriceText entry={entry} />
                </td>
                <td className="prices-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('prices.editLabel', { model: entry.model })}
                    onClick={() => {
                      setEditing({ index: i });
                      setDraft(draftOf(entry));
                      setProblems({});
                      setNote(null);
                      requestAnimationFrame(focusModel);
                    }}
                  >
                    {t('prices.edit')}
                  </button>
                  <button type="button" className="button" aria-label={t('prices.removeLabel', { model: entry.model })} aria-disabled={save.isPending} onClick={() => !save.isPending && remove(i)}>
                    {t('prices.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="prices-form" aria-label={t('prices.formLabel')} onSubmit={submit} noValidate>
        {editing && <p className="muted prices-editing">{t('prices.editing', { model: entries[editing.index]?.model ?? '' })}</p>}
        <SelectField
          label={t('prices.kind')}
          value={draft.kind}
          options={PRICE_KINDS.map((k) => ({ value: k, label: t(`prices.kinds.${k}`) }))}
          onChange={(kind) => change({ kind: kind as PriceDraft['kind'] })}
        />
        {field(F.model, t('prices.model'))}
        {hasClass(draft.kind) && field(F.unitClass, t(`prices.unitClass.${draft.kind}`), t(`prices.unitClassHint.${draft.kind}`))}
        {draft.kind === 'text' ? (
          <>
            {field(F.input, t('prices.fields.input'))}
            {field(F.output, t('prices.fields.output'))}
            {field(F.thinking, t('prices.fields.thinking'))}
          </>
        ) : (
          field(F.price, t(`prices.fields.${draft.kind}`))
        )}
        <div className="prices-buttons">
          <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
            {editing ? t('prices.save') : t('prices.add')}
          </button>
          {editing && (
            <button type="button" className="button" onClick={reset}>
              {t('prices.cancel')}
            </button>
          )}
        </div>
        {save.isError && <p className="form-error">{say(save.error)}</p>}
      </form>
      <p role="status" className="saved-note">
        {note && (note.key === 'prices.removed' ? t(note.key, { model: note.model }) : t(note.key))}
      </p>
    </section>
  );
}
