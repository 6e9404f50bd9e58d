/** Failures the core raises itself (not the gateway's): they travel as Result errors too. */
import type { ErrorCode } from '../../shared/contract/result.js';
import { GatewayFailure } from './gateway/failure.js';

export const coreError = (code: ErrorCode, message: string, param?: string) =>
  new GatewayFailure(code, message, false, undefined, param);
