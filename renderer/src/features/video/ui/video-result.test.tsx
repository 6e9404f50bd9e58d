// @vitest-environment happy-dom
/**
 * The Video tab's recent jobs outlive the task list: the host keeps only the newest finished jobs
 * in it (shared/contract/tasks.ts), so a clip made hundreds of jobs ago is no longer listed. Its
 * run kept the clip's library id once saved, and still plays it, after a reload too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act } from 'preact/test-utils';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { fakeHost } from '../../../test/fake-host.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import '../strings/register.js';
import { useVideoRuns } from '../model/use-video-runs.js';
import { VideoResult } from './video-result.js';

const clip: LibraryItemView = {
  id: 'vid-1', kind: 'video', file: '2026-12/a-harbour.mp4', mime: 'video/mp4', bytes: 4096, width: 1280, height: 720,
  prompt: 'a harbour at dawn', model: 'modelg3', params: {}, createdAt: 1, savedAt: 2, taskId: 'job-1',
};

const job = (over: Partial<TaskView>): TaskView => ({
  id: 'job-1', revision: 0, kind: 'video', route: 'generic', model: 'modelg3', prompt: 'a harbour at dawn', params: { duration: 5 }, state: 'running', progress: 40,
  createdAt: 100, downloads: [], ...over,
});

const runs: { current?: ReturnType<typeof useVideoRuns> } = {};
function Results() {
  const videoRuns = useVideoRuns();
  useEffect(() => {
    runs.current = videoRuns;
  });
  return (
    <>
      {videoRuns.runs.map((run, i) => (
        <VideoResult key={run.taskId} taskId={run.taskId} latest={i === 0} saved={run.saved} onSaved={(id) => videoRuns.keepSaved(run.taskId, id)} onOpen={() => undefined} />
      ))}
    </>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a video job the task list has let go', () => {
  it('still plays its clip from the library, after a reload too', async () => {
    let listed = [job({})];
    const host = fakeHost({
      'tasks.list': () => listed,
      'library.get': () => clip,
      'app.info': () => ({ version: '1', shell: 'browser', platform: 'linux', mediaBase: '/media/', startedAt: 0 }),
      'app.keepWorkspace': () => ({}),
    });
    const first = await mount(<Results />);
    await act(async () => runs.current!.add('job-1'));
    await settle();
    expect(first.host.textContent).toContain('40%');
    await act(async () => host.emit('tasks.onDidChange', job({ state: 'saved', progress: 100, downloads: [{ state: 'done', received: 4096, libraryId: 'vid-1' }] })));
    await settle();
    expect(first.host.querySelector('video')?.getAttribute('src')).toContain('2026-12/a-harbour.mp4');
    expect(runs.current!.runs).toEqual([{ taskId: 'job-1', saved: 'vid-1' }]);
    first.unmount();

    // Hundreds of jobs later the host has moved it to its archive.
    listed = [];
    const again = await mount(<Results />);
    await settle();
    expect(again.host.querySelector('video')?.getAttribute('src')).toContain('2026-12/a-harbour.mp4');
    expect(again.host.textContent).toContain('no longer in the task list; its clip stays in the Gallery');
    // Moved away while shown: the clip stays on screen.
    await act(async () => host.emit('tasks.onDidRemove', { id: 'job-1' }));
    await settle();
    expect(again.host.querySelector('video')).not.toBeNull();
  });

  it('a job that saved nothing says where to look, as before', async () => {
    fakeHost({ 'tasks.list': () => [], 'app.keepWorkspace': () => ({}) });
    localStorage.setItem('gateway-studio:draft:video-runs', JSON.stringify({ runs: [{ taskId: 'job-9' }] }));
    const view = await mount(<Results />);
    await settle();
    expect(view.host.textContent).toContain('The last video job is no longer in the task list; find its clip in the Gallery.');
    expect(view.host.querySelector('video')).toBeNull();
  });
});
