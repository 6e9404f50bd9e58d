/**
 * A stand-in host for the renderer's component tests: the contract client's one door (`api`) is
 * replaced, so components call and subscribe exactly as in the studio, and a test says what each
 * method answers, sees every call made and sends events as the host would.
 */
import { vi } from 'vitest';
import type { ErrorData, EventName, EventPayload, Input, MethodName, Output } from '@shared/contract/index.js';
import { api } from '../api/client.js';

export type Answers = { [M in MethodName]?: (input: Input<M>) => Output<M> | Promise<Output<M>> };

/** Thrown by an answer to make the call fail as the host would. */
export const hostError = (message: string, code: ErrorData['code'] = 'conflict'): ErrorData => ({ code, message, retryable: false });

export function fakeHost(answers: Answers) {
  const calls: { method: MethodName; input: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  vi.spyOn(api, 'invoke').mockImplementation(async (method, input) => {
    calls.push({ method, input });
    const answer = answers[method] as ((input: unknown) => unknown) | undefined;
    if (!answer) return { ok: false, error: hostError(`No answer for ${method} in this test.`, 'internal') };
    try {
      return { ok: true, value: (await answer(input)) as never };
    } catch (error) {
      return { ok: false, error: error as ErrorData };
    }
  });
  vi.spyOn(api, 'subscribe').mockImplementation((event, listener) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener as (payload: unknown) => void);
    return () => set.delete(listener as (payload: unknown) => void);
  });
  return {
    calls,
    /** The calls made to one method, in order. */
    callsOf: (method: MethodName) => calls.filter((c) => c.method === method).map((c) => c.input),
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload);
    },
  };
}
