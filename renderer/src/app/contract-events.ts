/**
 * What the shell does with the host's events for the whole page: the cache kept current, and the
 * top-up banner's state (state/payment-store.ts). In app/, which composes the stores and the
 * contract client: api/ knows no store (docs/architecture.md, "The renderer's layers").
 */
import { useEffect } from 'react';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { Output } from '@shared/contract/index.js';
import { balanceKey, callKey, EMPTY, useEvent } from '../api/client.js';
import { profileShown } from '../api/gateway-failure.js';
import { usePaymentStore } from '../state/payment-store.js';

/**
 * Host events update the cache directly, and the top-up banner's state (state/payment-store.ts);
 * the shell mounts this once. The banner hears of a 402 only from the host, which announces every
 * one, refused call or failed reply, with the profile it was refused for.
 */
export function useContractEvents(queryClient: QueryClient) {
  useProfileSwitches(queryClient);
  useEvent('profiles.onDidChange', (view) => {
    queryClient.setQueryData(callKey('profiles.list', EMPTY), view);
    usePaymentStore.getState().profileActivated(view.activeId);
  });
  useEvent('settings.onDidChange', (view) => queryClient.setQueryData(callKey('settings.get', EMPTY), view));
  useEvent('budgets.onChange', ({ status }) => queryClient.setQueryData(callKey('budgets.status', { profileId: status.profileId }), status));
  useEvent('account.onDidChangeBalance', (view) => {
    queryClient.setQueryData(balanceKey(view.profileId), view);
    usePaymentStore.getState().balanceChanged(view);
  });
  useEvent('account.onDidRequirePayment', ({ message, profileId }) => {
    const known = queryClient.getQueryData<Output<'account.balance'>>(balanceKey(profileId));
    usePaymentStore.getState().paymentRequired(profileId, message, known);
    void queryClient.invalidateQueries({ queryKey: balanceKey(profileId) });
  });
}

/**
 * Every tab's gateway failure goes with the profile it came from (gateway-failure.ts). The active
 * profile is read from the cached list, whichever way it got there (the host's event, or the
 * Activate call's own answer), so a switch is seen once however it was made. A balance that could
 * not be read is asked again rather than shown as failed on return to its profile.
 */
function useProfileSwitches(queryClient: QueryClient) {
  useEffect(() => {
    const hash = hashKey(callKey('profiles.list', EMPTY));
    const seen = (view: Output<'profiles.list'> | undefined) => {
      if (!view || !profileShown(view.activeId)) return;
      void queryClient.resetQueries({ queryKey: ['account.balance'], predicate: (q) => q.state.status === 'error' });
    };
    seen(queryClient.getQueryData(callKey('profiles.list', EMPTY)));
    return queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.query.queryHash === hash) seen(e.query.state.data as Output<'profiles.list'> | undefined);
    });
  }, [queryClient]);
}
