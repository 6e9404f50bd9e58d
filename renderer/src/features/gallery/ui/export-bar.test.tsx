// @vitest-environment happy-dom
/**
 * The Gallery's export bar as a creator uses it: it exports what the filters match (read page by
 * page, bounded), or the chosen items, shows the host's progress, follows the browser shell's
 * download link, and says clearly what went wrong.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItemView, LibraryQuery } from '@shared/contract/library.js';
import { fakeHost, hostError } from '../../../test/fake-host.js';
import { button, cleanup, click, mount, settle } from '../../../test/mount.js';
import '../strings/register.js';
import { ExportBar } from './export-bar.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = (i: number): LibraryItemView => ({
  id: `item-${i}`, kind: 'image', file: `2025-06/${i}.png`, mime: 'image/png', bytes: 10, prompt: `p${i}`, model: 'm', params: {}, createdAt: 0, savedAt: 0,
});
/** A library of `n` items the filters match, served a page at a time as the host does. */
const listOf = (n: number) => ({ offset = 0, limit = 200 }: LibraryQuery) => ({
  items: Array.from({ length: Math.max(0, Math.min(limit, n - offset)) }, (_, i) => item(offset + i)),
  total: n,
  models: ['m'],
});

const status = (host: HTMLElement) => host.querySelector('[role="status"]')?.textContent;

describe('Export N items', () => {
  it('exports every item the filters match, with progress, and follows the download link', async () => {
    let finish!: () => void;
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    const host = fakeHost({
      'library.list': listOf(2500),
      'library.export': () => new Promise((resolve) => (finish = () => resolve({ outcome: 'download', url: '/download/tok', name: 'export.zip', bytes: 100, count: 2500 }))),
    });
    const page = await mount(<ExportBar query={{ kind: 'image', text: 'fox' }} total={2500} />);
    await click(button(page.host, 'Export 2,500 items'));
    // Ids are gathered a bounded page at a time, with the gallery's filters.
    expect(host.callsOf('library.list')).toEqual([
      { kind: 'image', text: 'fox', offset: 0, limit: 1000 },
      { kind: 'image', text: 'fox', offset: 1000, limit: 1000 },
      { kind: 'image', text: 'fox', offset: 2000, limit: 500 },
    ]);
    const [request] = host.callsOf('library.export') as Array<{ ids: string[]; exportId: string }>;
    expect(request.ids).toHaveLength(2500);
    expect(new Set(request.ids).size).toBe(2500);
    expect(button(page.host, 'Export 2,500 items').disabled).toBe(true);

    act(() => {
      host.emit('library.onExportProgress', { exportId: 'someone-else', done: 9, total: 9 });
      host.emit('library.onExportProgress', { exportId: request.exportId, done: 1200, total: 2500 });
    });
    expect(status(page.host)).toBe('Writing the zip: 1,200 of 2,500 files…');
    expect(page.host.querySelector('progress')?.getAttribute('aria-label')).toBe('Export progress');

    act(() => finish());
    await settle();
    expect(clicked).toEqual(['/download/tok as export.zip']);
    expect(status(page.host)).toBe('Exported 2,500 items: your browser is downloading export.zip.');
    expect(page.host.querySelector('progress')).toBeNull();
  });

  it('exports the chosen items when a selection is given', async () => {
    const host = fakeHost({ 'library.export': ({ ids }) => ({ outcome: 'saved', name: 'mine.zip', bytes: 1, count: ids.length }) });
    const page = await mount(<ExportBar query={{}} total={40} selected={new Set(['a', 'b'])} />);
    await click(button(page.host, 'Export 2 items'));
    expect(host.callsOf('library.list')).toEqual([]);
    expect(host.callsOf('library.export')).toMatchObject([{ ids: ['a', 'b'] }]);
    expect(status(page.host)).toBe('Exported 2 items to mine.zip.');
  });

  it('says how many go at most when the filters match more', async () => {
    fakeHost({});
    const page = await mount(<ExportBar query={{}} total={12_000} />);
    expect(button(page.host, 'Export 5,000 items')).toBeDefined();
    expect(page.host.textContent).toContain('Only the newest 5,000 are exported at once.');
  });

  it('shows the host’s reason when the export fails, and can be tried again', async () => {
    let fail = true;
    fakeHost({
      'library.list': listOf(1),
      'library.export': () => {
        if (fail) throw hostError('The disk that holds /home/me/Downloads is full. Free some space, then export again.', 'internal');
        return { outcome: 'cancelled' };
      },
    });
    const page = await mount(<ExportBar query={{}} total={1} />);
    await click(button(page.host, 'Export 1 item'));
    expect(status(page.host)).toBe('The disk that holds /home/me/Downloads is full. Free some space, then export again.');
    expect(page.host.querySelector('.form-error')).not.toBeNull();
    fail = false;
    await click(button(page.host, 'Export 1 item'));
    expect(status(page.host)).toBe('Export cancelled; nothing was written.');
  });
});
