/**
 * The always-visible balance of the active profile. Fetched fresh at start and on demand, and
 * replaced whenever the host reports a change (after every billed call); it never polls.
 */
import { useQuery } from '@tanstack/react-query';
import { balanceKey, call } from '../api/client.js';

const count = new Intl.NumberFormat(undefined);

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    // A gateway may report a currency code Intl does not know; show it plainly.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function BalanceWidget({ profileId }: { profileId: string | undefined }) {
  const balance = useQuery({
    queryKey: balanceKey(profileId),
    queryFn: () => call('account.balance', { refresh: true }),
    enabled: profileId !== undefined,
    // Re-read on every profile switch, but show the last known figures meanwhile.
    staleTime: 0,
  });
  const data = balance.data;
  const low = data?.low ?? false;
  const refresh = () => {
    if (!balance.isFetching) void balance.refetch();
  };

  return (
    <section
      className={`balance${low ? ' balance-low' : ''}`}
      aria-label="Balance"
      aria-busy={balance.isFetching}
      data-testid="balance"
    >
      {data ? (
        <dl className="balance-figures">
          <div className="balance-row">
            <dt>Tokens</dt>
            <dd>
              <span data-testid="balance-tokens-remaining">{count.format(data.tokens.token_balance)}</span> left
              <span className="sep" aria-hidden="true">·</span>
              <span data-testid="balance-tokens-used">{count.format(data.tokens.token_used)}</span> used
              <span className="sep" aria-hidden="true">·</span>
              <span data-testid="balance-tokens-total">{count.format(data.tokens.token_total)}</span> total
            </dd>
          </div>
          <div className="balance-row">
            <dt>Cash</dt>
            <dd>
              <span data-testid="balance-cash">{money(data.cash.balance, data.cash.currency)}</span>
              <span className="sep" aria-hidden="true">·</span>
              {money(data.cash.total_charged, data.cash.currency)} charged
              <span className="sep" aria-hidden="true">·</span>
              {money(data.cash.total_used, data.cash.currency)} used
              <span className="sep" aria-hidden="true">·</span>
              {money(data.cash.credit_balance, data.cash.currency)} credit
            </dd>
          </div>
        </dl>
      ) : (
        <p className="balance-figures muted">{balance.isError ? 'Balance unavailable' : 'Loading balance…'}</p>
      )}
      {low && (
        <p className="balance-warning" data-testid="balance-low">
          <span aria-hidden="true">⚠</span> Low balance — top up soon
        </p>
      )}
      {balance.isError && data && <p className="balance-error">Could not refresh: {balance.error.message}</p>}
      {balance.isError && !data && <p className="balance-error">{balance.error.message}</p>}
      <button
        type="button"
        className="icon-button balance-refresh"
        onClick={refresh}
        aria-label="Refresh balance"
        aria-disabled={balance.isFetching}
        title="Refresh balance"
      >
        <span className={balance.isFetching ? 'spin' : undefined} aria-hidden="true">↻</span>
      </button>
    </section>
  );
}
