/**
 * The always-visible balance of the active profile. Fetched fresh at start and on demand, and
 * replaced whenever the host reports a change (after every billed call); it never polls. It is
 * `fine`, `low` or `none` by the lines in shared/contract/account.ts (`balanceState`), shown as
 * `data-state` and a warning whose words and colour grow with it.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { balanceState } from '@shared/contract/balance-state.js';
import { balanceKey, call } from '../api/client.js';
import { useFormats } from '../i18n/format.js';
import { useMessageText } from '../i18n/messages.js';
import { afterFirstScreen, useAfterFirstScreen } from '../state/after-first-screen.js';

export function BalanceWidget({ profileId }: { profileId: string | undefined }) {
  const { t } = useTranslation(['shell', 'common']);
  const say = useMessageText();
  const f = useFormats();
  // The first Intl formatter loads ICU's locale data, a long task of its own: made in an idle
  // period before the balance is asked for, not when its answer is drawn (state/after-first-screen.ts).
  useEffect(() => afterFirstScreen(() => f.number(0)), [f]);
  // Not on the first screen's path: asked for once that screen is usable.
  const after = useAfterFirstScreen();
  const balance = useQuery({
    queryKey: balanceKey(profileId),
    queryFn: () => call('account.balance', { refresh: true }),
    enabled: profileId !== undefined && after,
    // Re-read on every profile switch, but show the last known figures meanwhile.
    staleTime: 0,
  });
  const data = balance.data;
  const state = data ? balanceState(data) : undefined;
  const warned = state === 'low' || state === 'none';
  // A figure that ran out is marked: while the other is left, it says why some calls are refused.
  const empty = (left: number) => (warned && left <= 0 ? 'balance-empty' : undefined);
  const refresh = () => {
    if (!balance.isFetching) void balance.refetch();
  };

  return (
    <section
      className={`balance${warned ? ` balance-${state}` : ''}`}
      aria-label={t('balance.label')}
      aria-busy={balance.isFetching}
      data-testid="balance"
      data-state={state}
    >
      {data ? (
        <dl className="balance-figures">
          <div className="balance-row">
            <dt>{t('balance.tokens')}</dt>
            <dd>
              <Trans t={t} i18nKey="balance.tokensLeft" values={{ value: f.number(data.tokens.token_balance) }} components={{ n: <span data-testid="balance-tokens-remaining" className={empty(data.tokens.token_balance)} /> }} />
              <span className="sep" aria-hidden="true">·</span>
              <Trans t={t} i18nKey="balance.tokensUsed" values={{ value: f.number(data.tokens.token_used) }} components={{ n: <span data-testid="balance-tokens-used" /> }} />
              <span className="sep" aria-hidden="true">·</span>
              <Trans t={t} i18nKey="balance.tokensTotal" values={{ value: f.number(data.tokens.token_total) }} components={{ n: <span data-testid="balance-tokens-total" /> }} />
            </dd>
          </div>
          <div className="balance-row">
            <dt>{t('balance.cash')}</dt>
            <dd>
              <span data-testid="balance-cash" className={empty(data.cash.balance + data.cash.credit_balance)}>{f.money(data.cash.balance, data.cash.currency)}</span>
              <span className="sep" aria-hidden="true">·</span>
              {t('balance.charged', { amount: f.money(data.cash.total_charged, data.cash.currency) })}
              <span className="sep" aria-hidden="true">·</span>
              {t('balance.used', { amount: f.money(data.cash.total_used, data.cash.currency) })}
              <span className="sep" aria-hidden="true">·</span>
              {t('balance.credit', { amount: f.money(data.cash.credit_balance, data.cash.currency) })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="balance-figures muted">{balance.isError ? t('balance.unavailable') : t('balance.loading')}</p>
      )}
      {warned && (
        <p className="balance-warning" data-testid="balance-warning">
          <span aria-hidden="true">⚠</span> {state === 'none' ? t('balance.none') : t('balance.low')}
        </p>
      )}
      {balance.isError && data && <p className="balance-error">{t('balance.refreshFailed', { message: say(balance.error) })}</p>}
      {balance.isError && !data && <p className="balance-error">{say(balance.error)}</p>}
      <button
        type="button"
        className="icon-button balance-refresh"
        onClick={refresh}
        aria-label={t('balance.refresh')}
        aria-disabled={balance.isFetching}
        title={t('balance.refresh')}
      >
        <span className={balance.isFetching ? 'spin' : undefined} aria-hidden="true">↻</span>
      </button>
    </section>
  );
}
