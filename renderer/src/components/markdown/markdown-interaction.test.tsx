// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The studio's strings, as main.tsx sets them up.
import '../../i18n/index.js';
import { Markdown } from './markdown.js';
import { LazyMarkdown } from './lazy-markdown.js';

// happy-dom follows a link while a click bubbles through it, before React's root listener can cancel
// it (browsers wait for the whole dispatch); keep such test-only navigation off the network.
const { navigation } = (window as unknown as { happyDOM: { settings: { navigation: Record<string, boolean> } } }).happyDOM.settings;
navigation.disableChildPageNavigation = true;
navigation.disableMainFrameNavigation = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const button = (name: RegExp) => [...container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));

describe('Markdown in a document', () => {
  it('shows a remote image only after its Load button is clicked, without a referrer', () => {
    act(() => root.render(<Markdown text="Look: ![a cat](https://img.example.com/cat.png)" streaming={false} />));
    expect(container.querySelector('img')).toBeNull();

    const load = button(/Load image from img\.example\.com/);
    expect(load?.textContent).toContain('a cat');
    act(() => load?.click());

    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://img.example.com/cat.png');
    expect(img?.getAttribute('alt')).toBe('a cat');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(document.activeElement).toBe(img);
    expect(button(/Load image/)).toBeUndefined();
  });

  it('loading an image inside a link does not follow the link', () => {
    act(() => root.render(<Markdown text="[![pic](https://img.example.com/p.png)](https://site.example)" streaming={false} />));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => { button(/Load image/)?.dispatchEvent(click); });
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('a img')).not.toBeNull();
  });

  it('Copy writes the code to the clipboard and says so briefly', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    act(() => root.render(<Markdown text={'```py\nprint("hi")\n\nprint(2)\n```'} streaming={false} />));

    const copy = button(/^Copy$/);
    expect(copy?.getAttribute('aria-label')).toBe('Copy code to clipboard');
    await act(async () => copy?.click());
    expect(writeText).toHaveBeenCalledWith('print("hi")\n\nprint(2)');
    expect(copy?.textContent).toBe('Copied');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Code copied to clipboard');

    act(() => { vi.runAllTimers(); });
    expect(copy?.textContent).toBe('Copy');
  });

  it('reports a refused clipboard instead of claiming success', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    act(() => root.render(<Markdown text={'```\nx\n```'} streaming={false} />));
    const copy = button(/^Copy$/);
    await act(async () => copy?.click());
    expect(copy?.textContent).toBe('Copy failed');
  });

  it('LazyMarkdown shows plain text until the Markdown chunk has loaded, then the formatted reply', async () => {
    act(() => root.render(<LazyMarkdown text={'**bold** line\nnext'} streaming />));
    expect(container.querySelector('.md-plain')?.textContent).toBe('**bold** line\nnext');

    await act(async () => {
      await import('./markdown.js');
    });
    await vi.waitFor(() => expect(container.querySelector('.md strong')?.textContent).toBe('bold'));
    expect(container.querySelector('.md-plain')).toBeNull();
  });
});
