// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.js';
import { groupBlocks, splitBlocks } from './blocks.js';
import { guessHeight, ScrollRootContext, tailStart, type ScrollRoot } from './reply-window.js';

// What is parsed is what a render costs: the parts it shows.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock('./markdown-pipeline.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./markdown-pipeline.js')>();
  return {
    ...real,
    renderMarkdown: (...args: Parameters<typeof real.renderMarkdown>) => {
      parsed.push(args[0]);
      return real.renderMarkdown(...args);
    },
  };
});

const { Markdown } = await import('./markdown.js');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// happy-dom has no idle callbacks (the window asks for one to render ahead once the page is idle).
globalThis.requestIdleCallback ??= (run) => setTimeout(run, 0) as unknown as number;
globalThis.cancelIdleCallback ??= (id) => clearTimeout(id);

/**
 * A long reply, as a fast model ends one: about 90,000 characters of paragraphs. Each call's is
 * new (`story`): parts shown before are kept parsed, and would not be parsed again.
 */
const longReply = (story: string) =>
  Array.from({ length: 600 }, (_, i) => `Paragraph ${i} of ${story}: ${'the story goes on and on, '.repeat(5)}until part ${i} ends.`).join('\n\n');

/** A new long reply shown whole in a list whose view the list last measured at `viewHeight` pixels (0: not yet); the parts parsed. */
function showIn(viewHeight: number): string[] {
  const reply = longReply(`a list ${viewHeight} pixels high`);
  parsed.length = 0;
  const scroller = document.createElement('div');
  document.body.append(scroller);
  const root: ScrollRoot = { element: { current: scroller }, keepPlace: () => undefined, viewHeight: () => viewHeight };
  const react = createRoot(scroller);
  act(() =>
    react.render(
      <ScrollRootContext value={root}>
        <Markdown text={reply} streaming={false} />
      </ScrollRootContext>,
    ),
  );
  act(() => react.unmount());
  scroller.remove();
  return [...parsed];
}

describe('a long reply shown whole for the first time', () => {
  beforeEach(() => {
    parsed.length = 0;
  });

  it('renders the end the list can show by its measured height, one and a half views, not a guessed height', () => {
    // A 720-pixel window's list is about 350 pixels high: the parts making up its last 525 pixels.
    const small = showIn(350);
    const parts = groupBlocks(splitBlocks(longReply('a list 350 pixels high')));
    expect(small).toEqual(parts.slice(tailStart(parts, guessHeight, 525)));
    // Not yet measured (no layout yet), the list falls back to a guess, which shows more of the end.
    const guessed = showIn(0);
    expect(guessed.length).toBeGreaterThan(small.length);
    // A tall window shows more than the guess.
    expect(showIn(2_000).length).toBeGreaterThan(guessed.length);
  });
});
