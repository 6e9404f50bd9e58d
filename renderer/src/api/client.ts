/**
 * The renderer's React side of the host contract: `useCall` / `useAction` / `useEvent` over the
 * transport (transport.ts), which everything in the renderer uses, never a shell directly.
 */
import { useEffect, useEffectEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ErrorData, EventName, EventPayload, Input, MethodName, Output } from '@shared/contract/index.js';
import { api, call, callKey } from './transport.js';
import { i18n } from '../i18n/index.js';
import { messageText, type Shown } from '../i18n/messages.js';

export { api, call, callKey, EMPTY } from './transport.js';

declare module '@tanstack/react-query' {
  // Every failed call rejects with the contract's ErrorData, so queries and mutations say so.
  interface Register {
    defaultError: ErrorData;
  }
}

/** A call as a query: its cache key and the call. What `useCall` reads, a prefetch fills in. */
export function callQuery<M extends MethodName>(method: M, input: Input<M>) {
  return { queryKey: callKey(method, input), queryFn: () => call(method, input) };
}

/** Reads host-owned data through react-query; events keep it fresh, so nothing polls. */
export function useCall<M extends MethodName>(method: M, input: Input<M>, options: { enabled?: boolean } = {}) {
  return useQuery<Output<M>, ErrorData>({ ...callQuery(method, input), enabled: options.enabled });
}

/**
 * A call that changes something. Never use this for inputs that carry a secret: react-query keeps
 * mutation variables in its cache, and an API key must live only in its input until submit.
 */
export function useAction<M extends Exclude<MethodName, 'profiles.save'>>(
  method: M,
  options: { onSuccess?: (value: Output<M>, input: Input<M>) => void } = {},
) {
  return useMutation<Output<M>, ErrorData, Input<M>>({
    mutationFn: (input) => call(method, input),
    onSuccess: options.onSuccess,
  });
}

/** Subscribes to a contract event for the lifetime of the component; the listener may change freely. */
export function useEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
  const onEvent = useEffectEvent(listener);
  useEffect(() => api.subscribe(event, (payload) => onEvent(payload)), [event]);
}

/** Balances are kept per profile, so switching profiles shows the right one at once. */
export const balanceKey = (profileId: string | undefined) => ['account.balance', profileId ?? ''] as const;

/** A message fit for a creator from whatever a failed call rejected with, in the language shown. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return messageText(error as Shown);
  return i18n.t('common:somethingWrong');
}
