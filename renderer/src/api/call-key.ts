/** Query keys of contract calls, free of the transport (so cache helpers test without a host). */
import type { Input, MethodName } from '@shared/contract/index.js';

/** Query key of a call: the method name first, so one method's queries can be matched by prefix. */
export const callKey = <M extends MethodName>(method: M, input?: Input<M>) =>
  (input === undefined ? [method] : [method, input]) as readonly unknown[];

export const EMPTY = {} as const;
