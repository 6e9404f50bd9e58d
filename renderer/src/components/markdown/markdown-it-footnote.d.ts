/** markdown-it-footnote ships no types: a plugin, called with the parser it extends. */
declare module 'markdown-it-footnote' {
  import type { MarkdownIt } from 'markdown-it';

  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}
