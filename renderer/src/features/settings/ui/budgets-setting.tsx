/**
 * "Budgets" (docs/ledger.md, "Budgets"): the active profile's daily and monthly limits in money
 * and in tokens, what each has spent this period, and the optional hard stop. What was typed
 * stays in its field when it is refused, with the reason beside it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUDGET_KINDS, isMoneyBudget, type BudgetKind } from '@shared/contract/budget-kinds.js';
import type { BudgetConfig, BudgetStatus } from '@shared/contract/budgets.js';
import { EMPTY, callKey, useAction, useCall } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { checkBudgets, draftOf, type BudgetDraft, type BudgetProblem } from '../model/budget-form.js';

/** The save, its answer put in the cache; here, not in the form: a save changes the form's key, and the outcome must outlive it. */
function useSaveBudgets() {
  const queryClient = useQueryClient();
  return useAction('budgets.set', {
    onSuccess: (s, input) => {
      queryClient.setQueryData(callKey('budgets.status', { profileId: s.profileId }), s);
      queryClient.setQueryData(callKey('budgets.get', { profileId: s.profileId }), { profileId: s.profileId, limits: input.limits, hardStop: input.hardStop });
    },
  });
}

/** Keyed by the saved budgets, so a change from elsewhere resets the draft instead of fighting it. */
function BudgetsForm({ saved, status, save }: { saved: BudgetConfig; status: BudgetStatus | undefined; save: ReturnType<typeof useSaveBudgets> }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const [draft, setDraft] = useState<BudgetDraft>(() => draftOf(saved.limits));
  const [hardStop, setHardStop] = useState(saved.hardStop);
  const [problems, setProblems] = useState<Partial<Record<BudgetKind, BudgetProblem>>>({});
  const inputs = useRef<Partial<Record<BudgetKind, HTMLInputElement | null>>>({});
  const hardStopId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBudgets(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      inputs.current[BUDGET_KINDS.find((k) => checked.problems[k])!]?.focus();
      return;
    }
    setProblems({});
    save.mutate({ profileId: saved.profileId, limits: checked.limits, hardStop });
  };
  const money = (amount: number) => f.cost(amount / 10_000, 'CNY');
  const spentText = (kind: BudgetKind) => {
    const b = status?.budgets.find((x) => x.kind === kind);
    if (!b) return undefined;
    const period = t(kind.startsWith('daily') ? 'budgets.day' : 'budgets.month');
    const spent = isMoneyBudget(kind)
      ? t('budgets.spentMoney', { spent: money(b.spent), limit: money(b.limit), period })
      : t('budgets.spentTokens', { spent: f.number(b.spent), limit: f.number(b.limit), period });
    return b.unpriced ? `${spent} ${t('budgets.unpriced', { count: b.unpriced })}` : spent;
  };
  const edited = () => {
    // "Saved" no longer describes what the fields show.
    if (save.isSuccess) save.reset();
  };

  return (
    <form className="limits-form budgets-form" onSubmit={submit} noValidate>
      {BUDGET_KINDS.map((kind) => (
        <TextField
          key={kind}
          label={t(`budgets.${kind}`)}
          ref={(el) => {
            inputs.current[kind] = el;
          }}
          inputMode={isMoneyBudget(kind) ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={draft[kind]}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [kind]: e.target.value }));
            edited();
          }}
          error={problems[kind] ? t(`budgets.${problems[kind]}`) : undefined}
          hint={spentText(kind) ?? t(isMoneyBudget(kind) ? 'budgets.moneyHint' : 'budgets.tokensHint')}
        />
      ))}
      <label className="checkbox" htmlFor={hardStopId}>
        <input
          id={hardStopId}
          type="checkbox"
          checked={hardStop}
          aria-describedby={`${hardStopId}-hint`}
          onChange={(e) => {
            setHardStop(e.target.checked);
            edited();
          }}
        />
        {t('budgets.hardStop')}
      </label>
      <p id={`${hardStopId}-hint`} className="hint">
        {t('budgets.hardStopHint')}
      </p>
      <button type="submit" className="button" aria-disabled={save.isPending}>
        {t('budgets.save')}
      </button>
      {save.error && <p className="form-error">{say(save.error)}</p>}
    </form>
  );
}

export function BudgetsSetting() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const headingId = useId();
  const profiles = useCall('profiles.list', EMPTY).data;
  const profileId = profiles?.activeId ?? '';
  const config = useCall('budgets.get', { profileId }, { enabled: profileId !== '' });
  const status = useCall('budgets.status', { profileId }, { enabled: profileId !== '' }).data;
  const name = profiles?.profiles.find((p) => p.id === profileId)?.name ?? profileId;
  const saved = config.data;
  const save = useSaveBudgets();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('budgets.heading')}</h3>
      <p className="muted">{t('budgets.about', { profile: name })}</p>
      {config.isError && <p className="form-error">{say(config.error)}</p>}
      {!saved && !config.isError && <p className="muted">{t('budgets.loading')}</p>}
      {saved && (
        <BudgetsForm
          key={`${saved.profileId} ${BUDGET_KINDS.map((k) => saved.limits[k] ?? '').join('/')} ${saved.hardStop}`}
          saved={saved}
          status={status}
          save={save}
        />
      )}
      <p role="status" className="saved-note">
        {save.isSuccess && t('budgets.saved')}
      </p>
    </section>
  );
}
