// @vitest-environment happy-dom
/**
 * The Image tab's results outlive the page: kept with the drafts (the real draft storage, which
 * writes through to the host), ids and small facts only; at the next load a job's run reads its
 * job back from the host and follows its events, a native run reads its images back from the
 * library, and an image deleted meanwhile says so instead of failing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act } from 'preact/test-utils';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { fakeHost, hostError } from '../../../test/fake-host.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import '../strings/register.js';
import { RunView } from '../ui/image-results.js';
import { KEEP, SPARE_JOBS, itemIdsOf, pruneJobs, useImageRuns, type ImageRuns, type Run } from './use-image-runs.js';

const STORED = 'gateway-studio:draft:image-runs';

const item = (id: string, prompt: string): LibraryItemView => ({
  id, kind: 'image', file: `2026-01/${id}.png`, mime: 'image/png', bytes: 2048, width: 1344, height: 768,
  prompt, model: 'seedream-4-0', params: {}, createdAt: 1, savedAt: 2,
});

const job = (over: Partial<TaskView>): TaskView => ({
  id: 'job-1', revision: 0, kind: 'image', route: 'generic', model: 'seedream-4-0', prompt: 'a valley', params: {}, state: 'running', progress: 40,
  createdAt: 100, downloads: [], ...over,
});

/** The hook's handle, as the tab holds it, for the test to add runs as the tab's form does. */
const handle: { current?: ImageRuns } = {};
function Results() {
  const runs = useImageRuns();
  useEffect(() => {
    handle.current = runs;
  });
  return (
    <>
      {runs.runs.map((run) => (
        <RunView key={run.key} run={run} runs={runs} base="http://media.test/m/" onOpen={() => undefined} onKeep={() => undefined} />
      ))}
    </>
  );
}

const ASYNC_RUN: Run = { key: 'job-1', prompt: 'a valley', compare: false, cells: [{ model: 'seedream-4-0', size: '16:9', resolution: '1K', n: '1', outcome: { kind: 'async', jobId: 'job-1' } }] };
const NATIVE_RUN: Run = {
  key: 'n-1', prompt: 'a paper boat', compare: false,
  cells: [{ model: 'modelc-2.5-flash-image-preview', outcome: { kind: 'native', itemIds: ['img-boat'], text: 'Here is your boat.', finishReason: 'STOP' } }],
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Image tab\'s results across a reload', () => {
  it('keeps ids and small facts only, and shows them again at the next load', async () => {
    const boat = item('img-boat', 'a paper boat');
    let library: Record<string, LibraryItemView> = { 'img-boat': boat };
    const host = fakeHost({
      'tasks.list': () => [job({})],
      'library.get': ({ id }) => {
        if (!library[id]) throw hostError('That item is no longer in the library.', 'not_found');
        return library[id];
      },
      'app.keepWorkspace': () => ({}),
    });
    const first = await mount(<Results />);
    await act(async () => {
      handle.current!.add(ASYNC_RUN);
      handle.current!.seedItems([boat]);
      handle.current!.add(NATIVE_RUN);
    });
    await settle();
    const stored = localStorage.getItem(STORED) ?? '';
    expect(JSON.parse(stored)).toEqual({ runs: [NATIVE_RUN, ASYNC_RUN] });
    expect(stored).not.toMatch(/http|data:|png/);
    first.unmount();

    // The next load: the job is read back from the host and followed live; the image from the library.
    const again = await mount(<Results />);
    const articles = () => [...again.host.querySelectorAll('[data-testid="image-run"]')];
    expect(articles().map((a) => a.getAttribute('aria-label'))).toEqual(['modelc-2.5-flash-image-preview: a paper boat', 'seedream-4-0: a valley']);
    expect(articles()[1].textContent).toContain('Generating — 40%');
    // The pending picture already has the shape asked for.
    expect((articles()[1].querySelector('.result-pending') as HTMLElement).style.aspectRatio).toBe('16 / 9');
    expect(articles()[0].querySelector('img')?.getAttribute('alt')).toBe('a paper boat');
    expect(articles()[0].textContent).toContain('Here is your boat.');
    expect(host.callsOf('library.get')).toContainEqual({ id: 'img-boat' });

    library = { 'img-valley': item('img-valley', 'a valley') };
    await act(async () => host.emit('tasks.onDidChange', job({ state: 'saved', progress: 100, downloads: [{ state: 'done', received: 1, libraryId: 'img-valley' }] })));
    await settle();
    expect(articles()[1].textContent).toContain('Saved 1 image to your library');
    const tile = articles()[1].querySelector('.result-open') as HTMLElement;
    expect(tile.style.aspectRatio).toBe('1344 / 768');

    // Deleted in the Gallery meanwhile: said, not an error.
    await act(async () => host.emit('library.onDidChange', { reason: 'removed', id: 'img-boat' }));
    await settle();
    expect(articles()[0].textContent).toContain('Deleted from the library.');
  });

  it('says when a job is gone from the host, and when a request was cut short by the reload', async () => {
    localStorage.setItem(STORED, JSON.stringify({
      runs: [
        { ...ASYNC_RUN, key: 'cut', cells: [{ model: 'seedream-4-0', size: '1:1', outcome: { kind: 'pending' } }] },
        ASYNC_RUN,
        { key: 'junk' },
      ],
    }));
    fakeHost({ 'tasks.list': () => [], 'app.keepWorkspace': () => ({}) });
    const view = await mount(<Results />);
    const articles = [...view.host.querySelectorAll('[data-testid="image-run"]')];
    expect(articles).toHaveLength(2);
    expect(articles[0].textContent).toContain('The page closed before this request was answered');
    expect(articles[1].textContent).toContain('This job is no longer in the task list');
  });

  it('still shows the images of a job the task list has let go (it keeps only the newest finished), after a reload too', async () => {
    const valley = item('img-valley', 'a valley');
    const dunes = item('img-dunes', 'a valley');
    let listed = [job({})];
    const host = fakeHost({
      'tasks.list': () => listed,
      'library.get': ({ id }) => ({ 'img-valley': valley, 'img-dunes': dunes })[id]!,
      'app.keepWorkspace': () => ({}),
    });
    const first = await mount(<Results />);
    await act(async () => handle.current!.add(ASYNC_RUN));
    await settle();
    const saved = job({ state: 'saved', progress: 100, downloads: [{ state: 'done', received: 1, libraryId: 'img-valley' }, { state: 'done', received: 1, libraryId: 'img-dunes' }] });
    await act(async () => host.emit('tasks.onDidChange', saved));
    await settle();
    first.unmount();

    // Hundreds of jobs later the host has moved it to its archive: its list no longer has it.
    listed = [];
    const again = await mount(<Results />);
    await settle();
    const run = again.host.querySelector('[data-testid="image-run"]')!;
    expect(run.textContent).toContain('Saved 2 images to your library');
    expect([...run.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).toEqual(['a valley', 'a valley']);
    expect(host.callsOf('library.get')).toEqual(expect.arrayContaining([{ id: 'img-valley' }, { id: 'img-dunes' }]));
    expect(itemIdsOf(handle.current!.runs, handle.current!.jobsOf)).toEqual(['img-valley', 'img-dunes']);
  });

  it('keeps only the last runs, newest first', async () => {
    fakeHost({ 'tasks.list': () => [], 'app.keepWorkspace': () => ({}) });
    await mount(<Results />);
    await act(async () => {
      for (let i = 0; i < 15; i++) handle.current!.add({ ...NATIVE_RUN, key: `r${i}`, prompt: `run ${i}` });
    });
    const kept = (JSON.parse(localStorage.getItem(STORED) ?? '{}') as { runs: Run[] }).runs.map((r) => r.prompt);
    expect(kept).toHaveLength(12);
    expect(kept[0]).toBe('run 14');
    expect(kept[11]).toBe('run 3');
  });
});

describe('a day of image jobs', () => {
  it('holds the views of the jobs its results show, not of every image job ever seen', async () => {
    const host = fakeHost({ 'tasks.list': () => [] });
    await mount(<Results />);
    await settle();
    // 300 jobs, each sent from the tab: its event first, then its run (as tasks.submit answers).
    for (let i = 1; i <= 300; i++) {
      const view = job({ id: `job-${i}`, prompt: `take ${i}`, createdAt: 1_000 + i, state: 'saved', progress: 100 });
      await act(async () => {
        host.emit('tasks.onDidChange', view);
        handle.current!.add({ ...ASYNC_RUN, key: view.id, prompt: view.prompt, cells: [{ ...ASYNC_RUN.cells[0], outcome: { kind: 'async', jobId: view.id } }] });
      });
    }
    await settle();
    const runs = handle.current!;
    expect(runs.runs).toHaveLength(KEEP);
    expect(runs.held).toBeLessThanOrEqual(KEEP + SPARE_JOBS * 2);
    // Every kept run still shows its own job.
    for (const run of runs.runs) {
      const outcome = run.cells[0].outcome as { kind: 'async'; jobId: string };
      expect(runs.jobsOf(outcome)).toEqual([expect.objectContaining({ id: outcome.jobId })]);
    }
  });

  it('keeps a job whose event came before its run, and the jobs sharing a submission', () => {
    const mine = job({ id: 'mine', createdAt: 5 });
    const sibling = job({ id: 'sibling', createdAt: 5 });
    const early = job({ id: 'early', createdAt: 9_999, prompt: 'not claimed yet' });
    const others = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`old-${i}`, job({ id: `old-${i}`, createdAt: 10 + i, prompt: `old ${i}` })]));
    const run: Run = { ...ASYNC_RUN, key: 'mine', cells: [{ ...ASYNC_RUN.cells[0], outcome: { kind: 'async', jobId: 'mine' } }] };
    const kept = pruneJobs({ mine, sibling, early, ...others }, [run], 3);
    expect(Object.keys(kept).sort()).toEqual(['early', 'mine', 'old-98', 'old-99', 'sibling']);
  });
});
