/**
 * Turns contract calls into handler calls: validates the input with the contract's zod schema,
 * and turns every failure into Result data (docs/house-rules.md, "Validate at every boundary" and
 * "Errors travel as data"). Nothing throws across it.
 */
import { isMethodName, methods, type MethodName, type Output, type ParsedInput } from '@shared/contract/index.js';
import { errorData, fail, ok, type ErrorData, type Result } from '@shared/contract/result.js';
import { messageOfIssue, msg } from '@shared/messages/index.js';
import { GatewayFailure } from './gateway/failure.js';

export type Handlers = { [M in MethodName]: (input: ParsedInput<M>) => Promise<Output<M>> | Output<M> };

/** The handlers of one domain of the contract: `DomainHandlers<'tasks'>` is every `tasks.*` call. */
export type DomainHandlers<Domain extends string> = Pick<Handlers, Extract<MethodName, `${Domain}.${string}`>>;

/**
 * `before`: runs ahead of the handler and may refuse by throwing (the budgets' hard stop,
 * host/ledger/budget-gate.ts), after the input is checked, so a refusal is Result data too.
 */
export function createDispatcher(
  handlers: Handlers,
  onFailure: (method: MethodName, error: ErrorData) => void,
  log: (line: string) => void,
  before?: (method: MethodName) => Promise<void> | void,
) {
  return async function dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    if (!isMethodName(method)) return fail(errorData('not_found', msg('app.calls.unknown', { method }), false));
    const parsed = methods[method].input.safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // A parameter that is not one is named itself, not the object holding it.
      const path = issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue?.path ?? [];
      return fail(errorData('invalid_input', messageOfIssue(issue), false, { param: path.map(String).join('.') || undefined }));
    }
    try {
      await before?.(method);
      const handler = handlers[method] as (i: unknown) => Promise<unknown> | unknown;
      return ok(await handler(parsed.data));
    } catch (err) {
      if (err instanceof GatewayFailure) {
        const data = err.toData();
        onFailure(method, data);
        return fail(data);
      }
      // An unexpected bug: the creator gets a plain message, the log gets the detail.
      log(`${method} failed: ${(err as Error).stack ?? String(err)}`);
      return fail(errorData('internal', msg('app.calls.failedInputKept'), true));
    }
  };
}
