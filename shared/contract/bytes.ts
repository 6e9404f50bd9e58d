/**
 * A file's bytes in a contract call, at most `max` of them. The host works on a plain copy: an
 * object whose own properties hide the array's (a `constructor` that makes `subarray` throw, a
 * `byteLength` that lies about its size) never reaches it. Structured clone (IPC) drops such
 * properties already; a call made in the host's own process does not (the contract fuzz found one).
 */
import { z } from 'zod';

type Said = string;

export const bytes = (notAFile: Said, max: number, tooLarge: Said) =>
  z.instanceof(Uint8Array, { error: notAFile }).transform((d) => new Uint8Array(d)).refine((d) => d.byteLength <= max, tooLarge);
