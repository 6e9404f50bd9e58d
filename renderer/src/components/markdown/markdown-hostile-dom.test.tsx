// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { HOSTILE_CORPUS } from './hostile-corpus.js';
import { unsafeParts } from './hostile-audit.js';
import { Markdown } from './markdown.js';
// The studio's strings, as main.tsx sets them up.
import '../../i18n/index.js';


/**
 * The hostile corpus as a reply arrives in a page: one Markdown element updated delta by delta
 * (the memoized settled blocks, the live last block, deferred renders), then settled, then with
 * every image the user could choose to load loaded; the live DOM is audited after each step.
 */
describe('Markdown with hostile input, in a live page', () => {
  it('never has a handler, a script URL or a dangerous element in the DOM, while streaming, once settled, or after images load', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const reply = HOSTILE_CORPUS.join('\n\n');
    const found = new Set<string>();
    const audit = (stage: string, imagesShown = false) => {
      for (const part of unsafeParts(host.innerHTML, { imagesShown })) found.add(`${stage}: ${part}`);
    };

    // Uneven deltas, so cuts land inside tags, entities and link targets.
    for (let end = 0, step = 1; end < reply.length; end += step, step = (step * 7) % 113 + 1) {
      act(() => root.render(<Markdown text={reply.slice(0, end)} streaming />));
      audit(`streamed ${end}`);
    }
    act(() => root.render(<Markdown text={reply} streaming={false} />));
    for (let frames = 0; host.querySelector('[aria-busy]') && frames < 50; frames++) {
      await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    }
    expect(host.querySelector('[aria-busy]')).toBeNull();
    audit('settled');

    const loadButtons = [...host.querySelectorAll<HTMLButtonElement>('button.md-image-load')];
    expect(loadButtons.length).toBeGreaterThan(0);
    for (const button of loadButtons) act(() => button.click());
    audit('images loaded', true);

    expect([...found]).toEqual([]);
    // What was loaded is exactly the https images the user asked for, and sends no referrer.
    const images = [...host.querySelectorAll('img')];
    expect(images).toHaveLength(loadButtons.length);
    for (const img of images) expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    // The model's words are still there for the user to read, as text.
    expect(host.textContent).toContain('<script>alert(1)</script>');
    act(() => root.unmount());
    host.remove();
  });
});
