/**
 * A plain document's text (docs/chat-documents.md): UTF-8, or refused. A file holding NUL bytes,
 * or bytes that are no UTF-8, is binary whatever its name says (an image renamed .txt).
 */
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function plainText(name: string, data: Uint8Array): string {
  if (data.includes(0)) throw coreError('invalid_input', msg('documents.notText', { name }), 'data');
  try {
    // The decoder drops a leading byte-order mark; line ends are kept as written.
    return utf8.decode(data);
  } catch {
    throw coreError('invalid_input', msg('documents.notText', { name }), 'data');
  }
}

/** The type a document's name gives it, as the message keeps it. */
export function documentMime(name: string): string {
  const ext = /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? '';
  const known: Record<string, string> = {
    pdf: 'application/pdf', md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv', tsv: 'text/tab-separated-values',
    json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', html: 'text/html', htm: 'text/html',
    css: 'text/css', xml: 'application/xml', js: 'text/javascript', mjs: 'text/javascript', cjs: 'text/javascript',
  };
  return known[ext] ?? 'text/plain';
}

/**
 * The document as the model reads it, inline in the user turn: a header line naming it, then its
 * text in a fenced block whose fence is longer than any run of backticks inside, so no line of the
 * document can close it early.
 */
export function inlineBlock(name: string, mime: string, text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `Document: ${name} (${mime})\n${fence}\n${text}\n${fence}`;
}
