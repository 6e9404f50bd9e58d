/**
 * Turns contract calls into handler calls: validates the input with the contract's zod schema,
 * and turns every failure into Result data (docs/house-rules.md, "Validate at every boundary" and
 * "Errors travel as data"). Nothing throws across it.
 */
import { isMethodName, methods, type MethodName, type Output, type ParsedInput } from '@shared/contract/index.js';
import { fail, ok, type ErrorData, type Result } from '@shared/contract/result.js';
import { GatewayFailure } from './gateway/failure.js';

export type Handlers = { [M in MethodName]: (input: ParsedInput<M>) => Promise<Output<M>> | Output<M> };

export function createDispatcher(handlers: Handlers, onFailure: (method: MethodName, error: ErrorData) => void, log: (line: string) => void) {
  return async function dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    if (!isMethodName(method)) return fail({ code: 'not_found', message: `Unknown call '${method}'.`, retryable: false });
    const parsed = methods[method].input.safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail({ code: 'invalid_input', message: issue?.message ?? 'Invalid input.', retryable: false, param: issue?.path.map(String).join('.') || undefined });
    }
    try {
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
      return fail({ code: 'internal', message: 'Something went wrong in the studio. Your input is kept; please try again.', retryable: true });
    }
  };
}
