/**
 * The Markdown parser: markdown-it (CommonMark) with GitHub's additions — tables, strikethrough,
 * autolinks (markdown-it's own), footnotes (its footnote plugin) and task lists (below). It
 * replaced remark (micromark), which parsed a 20,000-token reply about 25 times slower: the end of
 * a streamed reply waited on parsing its last screenful, and every streaming frame re-parsed the
 * growing block (bench/stream.ts).
 *
 * Raw HTML is never parsed as HTML (`html: false`): it stays the text the model wrote. Every URL is
 * let through here and judged by safe-url.ts when rendered, so a refused link still shows its
 * words (markdown-it's own check would show its whole source instead).
 */
import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';

/** A task list item's box: `[ ]` or `[x]` and a space, opening the item's first paragraph. */
const TASK = /^\[([ xX])\][ \t]/;

/** Marks list items that start with a task box (`meta.task`: checked) and takes the box off their text. */
function taskLists(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i];
    if (inline.type !== 'inline' || tokens[i - 1].type !== 'paragraph_open' || tokens[i - 2].type !== 'list_item_open') continue;
    const box = TASK.exec(inline.content);
    const first = inline.children?.[0];
    if (!box || first?.type !== 'text' || !TASK.test(first.content)) continue;
    first.content = first.content.slice(box[0].length);
    inline.content = inline.content.slice(box[0].length);
    tokens[i - 2].meta = { ...tokens[i - 2].meta, task: box[1] !== ' ' };
  }
}

const parser = new MarkdownIt({ html: false, linkify: true }).use(footnote);
parser.core.ruler.push('task_lists', taskLists);
parser.validateLink = () => true;
// GFM links bare `www.` addresses, not every word with a dot in it: "main.py" or "README.md" stay text.
parser.linkify.set({ fuzzyLink: true });
const linksIn = parser.linkify.match.bind(parser.linkify);
parser.linkify.match = (text) => linksIn(text)?.filter((link) => link.schema !== '' || /^www\./i.test(link.raw)) ?? null;

/** `source` as markdown-it's block tokens (inline content in each `inline` token's children). */
export function parseMarkdown(source: string): Token[] {
  return parser.parse(source, {});
}

export type { Token };
