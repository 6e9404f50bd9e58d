/**
 * A local command as the creator confirms it (docs/mcp.md, "Starting a local command"): its
 * environment, program and arguments in one line, quoted as a POSIX shell would need them, so
 * what the dialog or the terminal shows is exactly what runs, spaces and quotes included. The
 * line is raw: the dialog and the terminal show it escaped (shared/text/shown-text.ts), so a
 * newline, an ESC or U+202E in an argument is seen, never acted on, and a typed "\x0a" reads as
 * `\\x0a`, unlike a real newline. The same line is what a confirmation is kept for: any change to
 * it asks again.
 */
import { createHash } from 'node:crypto';
import type { McpServerSpec } from '@shared/contract/mcp.js';

type StdioSpec = Extract<McpServerSpec, { transport: 'stdio' }>;

/**
 * `word` as one shell word: bare when it is plainly safe, single-quoted otherwise, a quote inside
 * as `'"'"'` (no backslash, which the shown line would have to double).
 */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'"'"'`)}'`;
}

/** `NAME=value … command arg …`, every piece quoted. */
export function commandLine(spec: StdioSpec): string {
  const env = Object.entries(spec.env).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${shellWord(v)}`);
  return [...env, shellWord(spec.command), ...spec.args.map(shellWord)].join(' ');
}

/** What a kept confirmation is for: the exact command line. */
export const commandFingerprint = (spec: StdioSpec): string =>
  createHash('sha256').update(JSON.stringify([spec.command, spec.args, Object.entries(spec.env).sort(([a], [b]) => a.localeCompare(b))])).digest('hex');

type HttpSpec = Extract<McpServerSpec, { transport: 'http' }>;

/** A URL server's address as the studio connects to it (the WHATWG parser's form): what the creator confirms. */
export const connectUrl = (spec: HttpSpec): string => new URL(spec.url).href;

/** What a kept confirmation is for: the exact command line, or the exact address. */
export const fingerprintOf = (spec: McpServerSpec): string =>
  spec.transport === 'stdio' ? commandFingerprint(spec) : createHash('sha256').update(JSON.stringify(['http', connectUrl(spec)])).digest('hex');
