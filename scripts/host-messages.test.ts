/**
 * Every message the host can show a creator has its entry in the `host` catalog
 * (renderer/src/i18n/en/host.ts, translated in zh-CN/host.ts), so the studio shows it in Chinese
 * too; and every entry is still a message the host writes. How messages are found, and what counts
 * as one: scripts/host-messages.ts.
 *
 * What the collector cannot see, and why that is right:
 * - the gateway's own words (a third-party gateway's error text), Node's (`socket hang up`) and
 *   zod's defaults (`Invalid input: expected string`): they come from elsewhere at run time and
 *   are shown as they came, inside the host's template where it wraps them ("The gateway refused
 *   the request: {{detail}}"), whose fixed part is translated;
 * - `{{value}}`s computed at run time (a file name, a status, a list of sizes): shown as they are;
 * - the browser shell's plain-text answers (`sendText`: "Forbidden host.", "Bad path."): they answer
 *   requests that are not contract calls (a stale link, a foreign page), never reach the studio's
 *   screens (the renderer turns any non-Result answer into its own "unexpected answer" message);
 * - the desktop shell's job notifications (shared/contract/task-notice.ts) are made in the main
 *   process; the browser shell's renderer words its own (tasks:notice), with the host's error text
 *   translated here;
 * - the notes written into an exported Markdown file (core/chat/markdown-export.ts) are the file's
 *   content, not a message on screen; log lines and terminal output are for developers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { host } from '@renderer/i18n/en/host.js';
import { collectHostMessages, hasWords, hostFiles, normalise, type Found } from './host-messages.js';

type Tree = { readonly [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`));
}

/**
 * A message needs an entry; so does a piece of one that is a phrase. A single word ('shortly', a
 * label such as 'Temperature', a wire name such as 'image_urls') may have one, but need not.
 */
const required = (f: Found) => hasWords(f.template) && (f.kind === 'message' || /\s/.test(f.template.trim()));

describe('the collector', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-messages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds messages in every place the host writes them, as templates', () => {
    writeFileSync(join(dir, 'failure.ts'), 'export class GatewayFailure extends Error {\n  constructor(readonly code: string, message: string) { super(message); }\n}\n');
    writeFileSync(join(dir, 'core.ts'), [
      "import { z } from 'zod';",
      "import { GatewayFailure } from './failure.js';",
      'const coreError = (code: string, message: string) => new GatewayFailure(code, message);',
      "const REASONS: Record<string, string> = { ENOSPC: 'the disk is full' };",
      'export function save(what: string, size: number, total: number, code: string) {',
      "  const why = code === 'X' ? 'nothing is listening there' : 'the connection failed';",
      "  if (size) throw new GatewayFailure('bad', `The download ended early (${size} of ${total} bytes).`);",
      "  if (code) throw coreError('x', `Could not reach it: ${why}.`);",
      "  throw new GatewayFailure('internal', `${what} could not be saved: ${REASONS[code]}`);",
      '}',
      "save('The task list', 1, 2, '');",
      "export const Schema = z.object({ name: z.string().min(1, 'Give it a name'), n: z.number({ error: 'n must be a number' }) })",
      "  .refine(() => true, { message: 'Not fine.' });",
      "export function stop(job: { error?: string }) { job.error = 'Stopped tracking.'; return { message: 'Stopped.', note: 'not a message' }; }",
      "export const log = (line: string) => line; log('not a message either');",
    ].join('\n'));
    const { found, instances } = collectHostMessages([join(dir, 'core.ts'), join(dir, 'failure.ts')]);
    const texts = (kind: Found['kind']) => found.filter((f) => f.kind === kind).map((f) => f.template).sort();
    expect(texts('message')).toEqual([
      'Could not reach it: {{why}}.',
      'Give it a name',
      'Not fine.',
      'Stopped tracking.',
      'Stopped.',
      'The download ended early ({{size}} of {{total}} bytes).',
      'n must be a number',
      '{{what}} could not be saved: {{value}}',
    ]);
    expect(texts('fragment')).toEqual(['nothing is listening there', 'the connection failed', 'the disk is full']);
    expect(texts('value')).toEqual(['The task list']);
    expect(instances.map((f) => f.template)).toEqual(['The task list could not be saved: {{value}}']);
    expect(found.find((f) => f.template.startsWith('The download'))?.where).toMatch(/core\.ts:7$/);
  });

  it('compares templates whatever their placeholders are called', () => {
    expect(normalise(' The download ended early ({{size}} of {{ total }} bytes).')).toBe(normalise('The download ended early ({{a}} of {{b}} bytes).'));
    expect(hasWords('{{a}} ({{b}})')).toBe(false);
    expect(hasWords('in {{seconds}} s')).toBe(true);
  });
});

describe('the host catalog', () => {
  const { found, instances } = collectHostMessages();
  const catalog = entries(host);

  it('reads the whole host', () => {
    const files = hostFiles().map((f) => f.replace(/\\/g, '/'));
    expect(files.some((f) => f.endsWith('electron/core/gateway/failure.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('shared/gateway/rules.ts'))).toBe(true);
    expect(files.some((f) => /\.test\.ts$|\/test\//.test(f))).toBe(false);
    expect(found.filter((f) => f.kind === 'message').length).toBeGreaterThan(150);
  });

  it('has an entry for every message the host writes', () => {
    const have = new Set(catalog.map(([, text]) => normalise(text)));
    const missing = found.filter((f) => required(f) && !have.has(normalise(f.template))).map((f) => `${f.where}: ${f.template}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has no entry the host no longer writes', () => {
    const written = new Set([...found, ...instances].map((f) => normalise(f.template)));
    expect(catalog.filter(([, text]) => !written.has(normalise(text))).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('has each message once', () => {
    const seen = new Map<string, string>();
    const twice = catalog.filter(([key, text]) => seen.has(normalise(text)) || !seen.set(normalise(text), key));
    expect(twice.map(([key]) => key)).toEqual([]);
  });
});
