// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
// The studio's strings, as main.tsx sets them up.
import '../../i18n/index.js';
import { groupBlocks, splitBlocks } from './blocks.js';
import { guessHeight, ScrollRootContext, startsOf, tailStart, type ScrollRoot } from './reply-window.js';

// Count how often each block's source is parsed: the cost that must not grow with the reply.
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

const { CHARS_PER_COMMIT, Markdown } = await import('./markdown.js');


describe('Markdown while streaming', () => {
  beforeEach(() => {
    parsed.length = 0;
  });

  it('re-parses only the growing last block on each delta', () => {
    const root = createRoot(document.createElement('div'));
    const settled = Array.from({ length: 50 }, (_, i) => `Paragraph ${i} with **bold** text.`).join('\n\n');
    let text = `${settled}\n\nThe code:\n\`\`\`ts\nconst a = 1;`;
    act(() => root.render(<Markdown text={text} streaming />));
    // The settled paragraphs are parsed as one group, the growing block on its own.
    expect(parsed).toEqual([settled, text.slice(settled.length + 2)]);

    for (const delta of ['\nconst b', ' = 2;', '\n\nconst c = 3;']) {
      parsed.length = 0;
      text += delta;
      act(() => root.render(<Markdown text={text} streaming />));
      expect(parsed).toEqual([text.slice(settled.length + 2)]);
    }

    // The stream ends: the last block settles (and gets highlighted) once; the rest stay untouched.
    parsed.length = 0;
    act(() => root.render(<Markdown text={text} streaming={false} />));
    expect(parsed).toHaveLength(1);
    act(() => root.unmount());
  });

  it('adds a long reply to the page a slice at a time, then all of it', async () => {
    const paragraph = (i: number) => `Paragraph ${i}. ${'Some words of a long reply. '.repeat(10)}`;
    const text = Array.from({ length: 400 }, (_, i) => paragraph(i)).join('\n\n');
    // Without its effects (a server render) only the first slice is there, and the reply is busy.
    const first = renderToStaticMarkup(<Markdown text={text} streaming={false} />);
    expect(first).toContain('aria-busy="true"');
    expect(first).toContain('Paragraph 0.');
    expect(first).not.toContain('Paragraph 399.');
    expect(first.length).toBeLessThan(CHARS_PER_COMMIT * 1.5);
    // In a page, the next slices follow, frame after frame, until all of it is shown.
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<Markdown text={text} streaming={false} />));
    const slices = [host.querySelectorAll('p').length];
    while (host.querySelector('[aria-busy]') && slices.length < 50) {
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      slices.push(host.querySelectorAll('p').length);
    }
    expect(slices[0]).toBeLessThan(400);
    expect(host.textContent).toContain('Paragraph 399.');
    expect(host.querySelector('[aria-busy]')).toBeNull();
    act(() => root.unmount());
  });

  it('never parses a block that is one growing code fence', () => {
    const root = createRoot(document.createElement('div'));
    let text = 'Intro\n\n```python\n';
    act(() => root.render(<Markdown text={text} streaming />));
    parsed.length = 0;
    for (let line = 0; line < 20; line++) {
      text += `print(${line})\n`;
      act(() => root.render(<Markdown text={text} streaming />));
    }
    act(() => root.render(<Markdown text={`${text}\`\`\``} streaming={false} />));
    expect(parsed).toEqual([]);
    act(() => root.unmount());
  });
});

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
  it('renders the end the list can show by its measured height, one and a half views, not a guessed height', () => {
    // A 720-pixel window's list is about 350 pixels high: the parts making up its last 525 pixels.
    const small = showIn(350);
    const parts = groupBlocks(splitBlocks(longReply('a list 350 pixels high')));
    expect(small).toEqual(parts.slice(tailStart(startsOf(parts.map(guessHeight)), 525)));
    // Not yet measured (no layout yet), the list falls back to a guess, which shows more of the end.
    const guessed = showIn(0);
    expect(guessed.length).toBeGreaterThan(small.length);
    // A tall window shows more than the guess.
    expect(showIn(2_000).length).toBeGreaterThan(guessed.length);
  });
});
