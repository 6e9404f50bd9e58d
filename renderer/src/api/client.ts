/**
 * The renderer's one door to the host. Over Electron IPC when the desktop preload exposed
 * `window.studio`, else over the browser shell's HTTP + event stream. Everything else in the
 * renderer goes through `call` / `useCall` / `useEvent`, never through a shell directly.
 */
import { useEffect, useEffectEvent } from 'react';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFromBridge } from '../../../shared/contract/bridge.js';
import type {
  ErrorData,
  EventName,
  EventPayload,
  Input,
  MethodName,
  Output,
  StudioApi,
  StudioBridge,
} from '../../../shared/contract/index.js';
import { createHttpApi } from './http.js';
import { useUiStore } from '../state/ui-store.js';

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}

declare module '@tanstack/react-query' {
  // Every failed call rejects with the contract's ErrorData, so queries and mutations say so.
  interface Register {
    defaultError: ErrorData;
  }
}

function pickApi(): StudioApi {
  return window.studio ? apiFromBridge(window.studio) : createHttpApi();
}

export const api: StudioApi = pickApi();

/** Invokes a contract call and unwraps its Result; a failure rejects with its ErrorData. */
export async function call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> {
  let result;
  try {
    result = await api.invoke(method, input);
  } catch {
    // A shell that throws (a dropped connection) still reaches the UI as data.
    throw { code: 'internal', message: 'The studio lost contact with its host. Try again.', retryable: true } satisfies ErrorData;
  }
  if (result.ok) return result.value;
  // A 402 from any call shows the top-up banner, whichever tab made it.
  if (result.error.code === 'payment_required') useUiStore.getState().showPaymentRequired(result.error.message);
  throw result.error;
}

/** Query key of a call: the method name first, so one method's queries can be matched by prefix. */
export const callKey = <M extends MethodName>(method: M, input?: Input<M>) =>
  (input === undefined ? [method] : [method, input]) as readonly unknown[];

export const EMPTY = {} as const;

/** Reads host-owned data through react-query; events keep it fresh, so nothing polls. */
export function useCall<M extends MethodName>(method: M, input: Input<M>, options: { enabled?: boolean } = {}) {
  return useQuery<Output<M>, ErrorData>({
    queryKey: callKey(method, input),
    queryFn: () => call(method, input),
    enabled: options.enabled,
  });
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

/** Host events update the cache directly; the shell mounts this once. */
export function useContractEvents(queryClient: QueryClient) {
  useEvent('profiles.onDidChange', (view) => queryClient.setQueryData(callKey('profiles.list', EMPTY), view));
  useEvent('settings.onDidChange', (view) => queryClient.setQueryData(callKey('settings.get', EMPTY), view));
  useEvent('account.onDidChangeBalance', (view) => queryClient.setQueryData(balanceKey(view.profileId), view));
  useEvent('account.onDidRequirePayment', ({ message, profileId }) => {
    useUiStore.getState().showPaymentRequired(message);
    void queryClient.invalidateQueries({ queryKey: balanceKey(profileId) });
  });
}

/** A message fit for a creator from whatever a failed call rejected with. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Something went wrong. Try again.';
}
