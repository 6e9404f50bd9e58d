// @vitest-environment happy-dom
/**
 * The highlighter comes after the first screen (highlighter.ts): what a creator sees of a code
 * block before and after it arrives, when its chunk is asked for, and when it fails to come.
 */
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';


const SOURCE = 'const answer: number = 42;\nexport function twice(x: number) { return x * 2; }';
let container: HTMLElement;
let root: Root;
/** Each time the page asked for the highlighter's chunk; `failing`: the fetch fails. */
const asked = { times: 0, failing: false };

/** A fresh page: no highlighter, no first screen yet, launched on the Chat tab. */
async function freshPage() {
  vi.resetModules();
  vi.doMock('./highlight.js', async (original) => {
    asked.times++;
    if (asked.failing) throw new Error('Failed to fetch dynamically imported module');
    return original();
  });
  await import('../../i18n/index.js');
  const { useUiStore } = await import('../../state/ui-store.js');
  useUiStore.setState({ tab: 'chat' });
  const { Markdown } = await import('./markdown.js');
  const { raiseFirstScreenReady } = await import('../../state/first-screen-ready.js');
  const { loadHighlighter } = await import('./highlighter.js');
  /** A reply holding one fenced block per [language, code]. */
  const Reply = ({ blocks }: { blocks: [string, string][] }) => <Markdown text={blocks.map(([language, c]) => `\`\`\`${language}\n${c}\n\`\`\``).join('\n\nAnd:\n\n')} streaming={false} />;
  /** Once the page has asked for the chunk `times` times, its answer is drawn. */
  const arrived = (times: number) =>
    act(async () => {
      await vi.waitFor(() => expect(asked.times).toBe(times));
      // A failed answer has settled by now; asking again here would be another try of its own.
      await (asked.failing ? new Promise((resolve) => setTimeout(resolve, 50)) : loadHighlighter());
    });
  return { Reply, raiseFirstScreenReady, arrived };
}

const code = () => [...container.querySelectorAll('pre code')];
const tokens = () => container.querySelectorAll('pre code span[class^="hljs-"]');

beforeEach(() => {
  Object.assign(asked, { times: 0, failing: false });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.doUnmock('./highlight.js');
});

describe('code blocks before and after the highlighter', () => {
  it('shows the code plain while the first screen is drawn, then coloured, the text unchanged', async () => {
    const { Reply, raiseFirstScreenReady, arrived } = await freshPage();
    await act(async () => root.render(<Reply blocks={[['ts', SOURCE]]} />));
    // Nothing waits for the colours, and nothing competes with the first screen for them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.times).toBe(0);
    expect(code()[0].textContent).toBe(SOURCE);
    expect(code()[0].className).toBe('');
    expect(tokens()).toHaveLength(0);
    expect(container.querySelector('.md-code-lang')?.textContent).toBe('ts');

    act(() => raiseFirstScreenReady());
    await arrived(1);
    expect(tokens().length).toBeGreaterThan(3);
    expect(code()[0].className).toBe('hljs language-ts');
    expect(code()[0].textContent).toBe(SOURCE);
  });

  it('keeps the code plain when the chunk cannot be fetched, and the next block asks again', async () => {
    asked.failing = true;
    const { Reply, raiseFirstScreenReady, arrived } = await freshPage();
    await act(async () => root.render(<Reply blocks={[['ts', SOURCE]]} />));
    act(() => raiseFirstScreenReady());
    await arrived(1);
    expect(code()[0].textContent).toBe(SOURCE);
    expect(tokens()).toHaveLength(0);

    // The chunk is reachable again: the next block to need it brings colour to both.
    asked.failing = false;
    await act(async () => root.render(<Reply blocks={[['ts', SOURCE], ['py', 'def f(x):\n    return x']]} />));
    await arrived(2);
    expect(code().map((c) => c.className)).toEqual(['hljs language-ts', 'hljs language-py']);
    expect(code()[0].textContent).toBe(SOURCE);
  });
});
