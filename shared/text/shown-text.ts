/**
 * The one way a value reaches a terminal or a native dialog (docs/house-rules.md, "What reaches a
 * terminal, a dialog or a file name"). A folder name, an MCP server's name or command line, an
 * error's message: any of them may come from the page, a file or a gateway, and a raw ESC can
 * clear the screen or write the clipboard (OSC 52), a newline can print a fake line, U+202E can
 * turn the rest of a command line around. So every hidden character is shown as an escape:
 * `\x1b`, `\x0a`, `\x9b` for controls, `\u202e`, `\u200b` for format characters, `\u{e0041}`
 * beyond the BMP; and a backslash as `\\`, so a typed "\x0a" can never look like a real newline.
 *
 * The escaping is one-to-one: two values that differ are shown differently, which is what lets a
 * confirmation be bound to the text shown.
 */
import { HIDDEN_CHARACTER } from './hidden-characters.js';

const SHOWN = new RegExp(`\\\\|${HIDDEN_CHARACTER.source}`, 'gu');

function escapeOf(c: string): string {
  if (c === '\\') return '\\\\';
  const code = c.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/** `value` as it may be shown in a terminal or a dialog: printable text only, unambiguous. */
export function shownText(value: string): string {
  return value.replace(SHOWN, escapeOf);
}

/**
 * A request with each of its string values as shown (`kind` and `language` are ours, not shown):
 * what a dialog or a terminal prints of it, and so what a confirmation is bound to.
 */
export function shownRequest<T extends { kind: string }>(request: T): T {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) shown[key] = typeof value === 'string' && key !== 'kind' && key !== 'language' ? shownText(value) : value;
  return shown as T;
}
