/**
 * The characters a reader cannot see for what they are (docs/house-rules.md, "What reaches a
 * terminal, a dialog or a file name"): C0 and C1 controls and DEL (Unicode Cc), format characters
 * (Cf: the bidi overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F
 * and U+061C, zero-width U+200B, U+FEFF…), the line and paragraph separators U+2028/U+2029, and
 * lone surrogates. One list, for what is shown (shown-text.ts escapes them) and for file names
 * (which drop them).
 */

/** Each hidden character of a string, one code point at a time (a lone surrogate counts as one). */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * `text` without hidden characters, for a file name: a control or separator (a tab, a newline)
 * becomes a space, so the words on either side stay apart; a format character goes, as it has no
 * width of its own.
 */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(HIDDEN_CHARACTER, (c) => (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(c) ? ' ' : ''));
}
