/**
 * The gallery's search words marked (`<mark>`) where they matched (docs/library-files.md,
 * "Search"): the host finds an item when each word is in its prompt, its rewritten prompt, its
 * model's name, one of its tags or a collection's name; the tile's caption and the item view mark
 * them here, case-insensitively as the host matches, so the creator sees why an item is listed.
 */
import { createContext, Fragment, useContext } from 'react';
import type { LibraryItemView } from '@shared/contract/library.js';

/** The words of the search under way, lower-cased, each once (as the host splits them). */
export function searchWords(text: string | undefined): string[] {
  return [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
}

/** The gallery's current search words, for whatever shows an item (grid, item view). */
export const SearchWords = createContext<readonly string[]>([]);
export const useSearchWords = () => useContext(SearchWords);

/** The [start, end) ranges of any of `words` in `text`, merged where they overlap, in order. */
export function wordRanges(text: string, words: readonly string[]): [number, number][] {
  const lower = text.toLowerCase();
  const found: [number, number][] = [];
  for (const w of words) for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + w.length)) found.push([at, at + w.length]);
  found.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of found) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export const holdsWord = (text: string | undefined, words: readonly string[]) => !!text && words.some((w) => text.toLowerCase().includes(w));

export function Marked({ text, words }: { text: string; words: readonly string[] }) {
  const ranges = wordRanges(text, words);
  if (!ranges.length) return <>{text}</>;
  return (
    <>
      {ranges.map(([s, e], i) => (
        <Fragment key={s}>
          {text.slice(i ? ranges[i - 1][1] : 0, s)}
          <mark className="search-mark">{text.slice(s, e)}</mark>
        </Fragment>
      ))}
      {text.slice(ranges[ranges.length - 1][1])}
    </>
  );
}

/** About this many characters of a long text are shown around its first match. */
const SNIPPET = 80;

/** A long text cut around its first match, with an ellipsis where it was cut. */
export function snippet(text: string, words: readonly string[]): string {
  if (text.length <= SNIPPET) return text;
  const first = wordRanges(text, words)[0]?.[0] ?? 0;
  const from = Math.max(0, Math.min(first - 20, text.length - SNIPPET));
  return `${from > 0 ? '…' : ''}${text.slice(from, from + SNIPPET)}${from + SNIPPET < text.length ? '…' : ''}`;
}

/**
 * Why a search lists the item: the prompt when it holds every word, else where the first word the
 * prompt lacks was found (the rewritten prompt, a tag, a collection's name, the model's name).
 */
export function matchOf(item: LibraryItemView, all: readonly string[]): { field: 'prompt' | 'actualPrompt' | 'tag' | 'collection' | 'model'; text: string } | undefined {
  if (all.length === 0) return undefined;
  const prompt = item.prompt.toLowerCase();
  const missing = all.filter((w) => !prompt.includes(w));
  if (missing.length === 0) return { field: 'prompt', text: item.prompt };
  const words = missing.slice(0, 1);
  if (holdsWord(item.actualPrompt, words)) return { field: 'actualPrompt', text: item.actualPrompt! };
  const tag = item.tags?.find((x) => holdsWord(x, words));
  if (tag) return { field: 'tag', text: tag };
  const c = item.collections?.find((x) => holdsWord(x.name, words));
  if (c) return { field: 'collection', text: c.name };
  if (holdsWord(item.model, words)) return { field: 'model', text: item.model };
  return holdsWord(item.prompt, all) ? { field: 'prompt', text: item.prompt } : undefined;
}
