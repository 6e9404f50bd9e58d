/**
 * What a file the library refuses is, in the creator's words: a result link that served a sign-in
 * page or an error in JSON is told apart from an empty answer or unknown bytes, so the task's
 * message says what came instead of a picture (docs/library-files.md, "What is saved"). Only the
 * head the library sniffs is looked at.
 */
import { msg, type Message } from '@shared/messages/index.js';

/** Printable text (and its line breaks): no control byte other than tab, CR and LF. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f]/;

export function whatBytesAre(head: Uint8Array): Message {
  if (head.length === 0) return msg('jobs.library.bytesEmpty');
  const text = Buffer.from(head.subarray(0, 4096)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (BINARY.test(text)) return msg('jobs.library.bytesUnknown');
  if (/^<(!doctype\s+html|html|head|body|\?xml|svg)\b/i.test(text)) return msg('jobs.library.bytesPage');
  if (/^[[{]/.test(text)) return msg('jobs.library.bytesJson');
  return msg('jobs.library.bytesText');
}
