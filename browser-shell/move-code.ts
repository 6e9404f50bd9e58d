/**
 * The browser shell's confirmation of a library move (docs/architecture.md, "Library-known media
 * and the move confirmation"). The page cannot be asked: a script in it (the page shows model
 * output) could answer for the creator. So the shell prints a code to its terminal, which only the
 * person who started the studio sees, and the move goes ahead only with that code, for that
 * folder, while it is fresh.
 *
 * A code lives a few minutes and takes a few wrong tries; and as many wrong tries within that time,
 * whatever code they were for, stop every code for that time, so asking for fresh codes does not
 * buy more guesses.
 */
import { randomInt } from 'node:crypto';
import { sameSecret } from './session.js';
import type { LibraryMoveAnswer, LibraryMoveRequest } from '@core/ports.js';

export const CODE_LIFETIME_MS = 5 * 60_000;
export const MAX_WRONG_TRIES = 5;

export interface MoveCodeOptions {
  /** The shell's log: its terminal. */
  log: (line: string) => void;
  now?: () => number;
  /** Draws a code; tests pass a known one. */
  draw?: () => string;
}

interface Pending {
  to: string;
  code: string;
  expiresAt: number;
}

const drawCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The `confirmLibraryMove` port of the browser shell. */
export function terminalMoveConfirmation(options: MoveCodeOptions): (request: LibraryMoveRequest) => Promise<LibraryMoveAnswer> {
  const now = options.now ?? Date.now;
  const draw = options.draw ?? drawCode;
  let pending: Pending | undefined;
  let wrongAt: number[] = [];

  const issue = (to: string) => {
    pending = { to, code: draw(), expiresAt: now() + CODE_LIFETIME_MS };
    options.log(`To move the library to ${to}, enter this code in the studio's Settings: ${pending.code} (valid for ${CODE_LIFETIME_MS / 60_000} minutes).`);
  };

  return async ({ to, code }) => {
    const at = now();
    wrongAt = wrongAt.filter((t) => at - t < CODE_LIFETIME_MS);
    if (wrongAt.length >= MAX_WRONG_TRIES) return 'too-many-tries';
    const given = code?.replace(/\s+/g, '');
    if (!given) {
      issue(to);
      return 'code-required';
    }
    if (pending && pending.to === to && at >= pending.expiresAt) {
      issue(to);
      return 'code-expired';
    }
    if (pending && pending.to === to && sameSecret(given, pending.code)) {
      pending = undefined;
      wrongAt = [];
      return 'confirmed';
    }
    wrongAt.push(at);
    if (wrongAt.length < MAX_WRONG_TRIES) return 'code-wrong';
    pending = undefined;
    options.log('Too many wrong codes for moving the library: no code is taken for the next few minutes.');
    return 'too-many-tries';
  };
}
