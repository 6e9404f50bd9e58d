/**
 * The last block of a reply that is not finished (still streaming, stopped, or cut), as it should
 * render. A last line that only opens something, a list marker with no text yet (`-`, `*`, `1.`)
 * or a run of `=`, `-`, `*` or `_`, would otherwise act on the paragraph just above it: `=` and
 * `---` make it a heading (CommonMark's setext headings), `***` puts a rule under it, and a bare
 * marker shows as a stray character at its end. The model had not written what that line opens
 * yet, so the line is left out of what is drawn; the reply's text itself (what Copy copies,
 * what Continue sends) keeps it.
 */

/** A line of only an opening: a list marker with nothing after it, or a setext or rule line. */
const OPENING = /^ {0,3}(?:[-+*]|\d{1,9}[.)]|=+|(?:[-*_][ \t]*)+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether a code fence is still open at the end of `lines` (its last line then is code). */
function fenceOpen(lines: readonly string[]): boolean {
  let open: string | null = null;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (!m) continue;
    if (open === null) open = m[1];
    else if (m[1][0] === open[0] && m[1].length >= open.length && line.trim() === m[1]) open = null;
  }
  return open !== null;
}

/** `source` (a reply's last block) without a last line that only opens something under a paragraph line. */
export function settleUnfinished(source: string): string {
  const cut = source.lastIndexOf('\n');
  if (cut < 0) return source;
  const last = source.slice(cut + 1);
  if (!OPENING.test(last)) return source;
  const before = source.slice(0, cut);
  const above = before.slice(before.lastIndexOf('\n') + 1);
  // After a blank line the line stands on its own (a rule is the model's rule), and in code it is code.
  if (!above.trim() || fenceOpen(before.split('\n'))) return source;
  return before;
}
