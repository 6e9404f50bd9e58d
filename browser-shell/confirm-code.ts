/**
 * The browser shell's confirmation outside the page (docs/architecture.md, "Confirmations outside
 * the page"): a library move, or the start of an MCP server's local command. The page cannot be
 * asked: a script in it (the page shows model output) could answer for the creator. So the shell
 * prints a code to its terminal, which only the person who started the studio sees, and the
 * request goes ahead only with that code, for that very folder or command line, while it is fresh.
 *
 * A code lives a few minutes and takes a few wrong tries; and as many wrong tries within that time,
 * whatever code they were for, stop every code for that time, so asking for fresh codes does not
 * buy more guesses.
 *
 * What the terminal shows of a request (the folder, the server's name, the command line) is its
 * escaped text (shown-text.ts; the shell's log escapes every line it prints), and a code is bound
 * to exactly that text: two requests that would look alike cannot be, so one's code never
 * confirms the other.
 */
import { randomInt } from 'node:crypto';
import { shownRequest } from '@shared/text/shown-text.js';
import { sameSecret } from './session.js';
import type { OutsideAnswer, OutsideRequest } from '@host/ports.js';

export const CODE_LIFETIME_MS = 5 * 60_000;
export const MAX_WRONG_TRIES = 5;

export interface ConfirmCodeOptions {
  /** The shell's log: its terminal, one line a call, each shown escaped (shownText). */
  log: (line: string) => void;
  now?: () => number;
  /** Draws a code; tests pass a known one. */
  draw?: () => string;
}

interface Pending {
  /** What the code confirms: the folder, the command line, or the URL. */
  subject: string;
  code: string;
  expiresAt: number;
}

const drawCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What a code confirms: every value of the request, as the terminal shows it. */
const subjectOf = (r: OutsideRequest) => {
  const { code: _code, language: _language, ...shown } = shownRequest(r);
  return JSON.stringify(shown);
};

/** What the terminal says, line by line: what the code confirms, in full, since the page may have asked. */
function prompt(r: OutsideRequest, code: string): string[] {
  const valid = `(valid for ${CODE_LIFETIME_MS / 60_000} minutes)`;
  if (r.kind === 'library-move') return [`To move the library to ${r.to}, enter this code in the studio's Settings: ${code} ${valid}.`];
  if (r.kind === 'mcp-url') return urlPrompt(r, code, valid);
  return [
    `The studio was asked to start the MCP server "${r.server}", which runs this command on this computer:`,
    `    ${r.commandLine}`,
    `If you trust it, enter this code in the studio's Settings: ${code} ${valid}.`,
  ];
}

/** A URL server's first connection: the exact address, since the page may have chosen it. */
function urlPrompt(r: Extract<OutsideRequest, { kind: 'mcp-url' }>, code: string, valid: string): string[] {
  return [
    `The studio was asked to connect to the MCP server "${r.server}", sending requests (and its token, if any) to:`,
    `    ${r.url}`,
    `If you added it and trust it, enter this code in the studio's Settings: ${code} ${valid}.`,
  ];
}

/** The `confirmOutside` port of the browser shell. */
export function terminalConfirmation(options: ConfirmCodeOptions): (request: OutsideRequest) => Promise<OutsideAnswer> {
  const now = options.now ?? Date.now;
  const draw = options.draw ?? drawCode;
  let pending: Pending | undefined;
  let wrongAt: number[] = [];

  const issue = (request: OutsideRequest) => {
    pending = { subject: subjectOf(request), code: draw(), expiresAt: now() + CODE_LIFETIME_MS };
    for (const line of prompt(request, pending.code)) options.log(line);
  };

  return async (request) => {
    const subject = subjectOf(request);
    const at = now();
    wrongAt = wrongAt.filter((t) => at - t < CODE_LIFETIME_MS);
    if (wrongAt.length >= MAX_WRONG_TRIES) return 'too-many-tries';
    const given = request.code?.replace(/\s+/g, '');
    if (!given) {
      issue(request);
      return 'code-required';
    }
    if (pending && pending.subject === subject && at >= pending.expiresAt) {
      issue(request);
      return 'code-expired';
    }
    if (pending && pending.subject === subject && sameSecret(given, pending.code)) {
      pending = undefined;
      wrongAt = [];
      return 'confirmed';
    }
    wrongAt.push(at);
    if (wrongAt.length < MAX_WRONG_TRIES) return 'code-wrong';
    pending = undefined;
    options.log('Too many wrong codes: no code is taken for the next few minutes.');
    return 'too-many-tries';
  };
}
