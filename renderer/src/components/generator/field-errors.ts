/**
 * Puts a host refusal at the field it names. The host's ErrorData carries the request parameter
 * at fault (`duration`, or `request.duration` when the contract's own check refused it).
 */
import type { ErrorData } from '@shared/contract/index.js';

export function fieldOfError<F extends string>(error: ErrorData | null | undefined, fields: readonly F[]): F | undefined {
  if (!error?.param || (error.code !== 'invalid_input' && error.code !== 'invalid_request')) return undefined;
  const name = error.param.replace(/^request\./, '').split('.')[0];
  return fields.find((f) => f === name);
}
