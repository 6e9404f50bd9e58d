/** The GatewayFailure a call ends with (a test fails when it succeeds or throws anything else). */
import { GatewayFailure } from '../gateway/failure.js';

export async function failureOf(p: Promise<unknown>): Promise<GatewayFailure> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GatewayFailure) return err;
    throw err;
  }
  throw new Error('expected a failure');
}
