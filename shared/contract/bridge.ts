/**
 * The renderer's side of the contract, free of zod at run time so the renderer's first load
 * stays small: only types come from the schemas.
 */
import type { EventName, EventPayload, Input, MethodName, Output } from './index.js';
import type { Result } from './result.js';

/** What the renderer holds: one function per call, and a subscription per event. */
export interface StudioApi {
  invoke<M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/**
 * What the desktop preload exposes as `window.studio`: exactly one function per call and one per
 * event of the contract, nothing generic (no raw IPC), so its keys can be checked against it.
 */
export type StudioBridge = {
  [M in MethodName]: (input: Input<M>) => Promise<Result<Output<M>>>;
} & {
  [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export function apiFromBridge(bridge: StudioBridge): StudioApi {
  return {
    invoke: (method, input) => (bridge[method] as (i: typeof input) => Promise<Result<Output<typeof method>>>)(input),
    subscribe: (event, listener) => (bridge[event] as (l: typeof listener) => () => void)(listener),
  };
}
