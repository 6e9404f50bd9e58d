/**
 * A reply's words as the next step takes them (ui/reply-next-step.tsx): read aloud or put in a
 * prompt, Markdown's marks are noise, so the text goes without them; a selection is taken as the
 * page shows it, already without them.
 */

/** The Markdown's words: no fences, heading or list marks, emphasis, inline code ticks or link targets. */
export function plainWords(markdown: string): string {
  return markdown
    .replace(/^[ \t]*(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S[^*_]*\S|\S)[*_](?=\s|[.,;:!?]|$)/gm, '$1$2')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The start of the words, on one line, to name them by. */
export function firstWords(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
