/**
 * A local command as the creator confirms it (docs/mcp.md, "Starting a local command"): its
 * environment, program and arguments in one line, quoted as a POSIX shell would need them, so
 * what the dialog or the terminal shows is exactly what runs, spaces and quotes included. The
 * same line is what a confirmation is kept for: any change to it asks again.
 */
import { createHash } from 'node:crypto';
import type { McpServerSpec } from '@shared/contract/mcp.js';

type StdioSpec = Extract<McpServerSpec, { transport: 'stdio' }>;

/** `word` as one shell word: bare when it is plainly safe, single-quoted otherwise. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `NAME=value … command arg …`, every piece quoted; control characters shown, never acted on. */
export function commandLine(spec: StdioSpec): string {
  const env = Object.entries(spec.env).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${shellWord(v)}`);
  return [...env, shellWord(spec.command), ...spec.args.map(shellWord)].join(' ')
    // A newline or escape in an argument must not hide the rest of the line in a terminal or dialog.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
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
