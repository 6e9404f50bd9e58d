// @vitest-environment happy-dom
/**
 * The job list's memory over a long day: a creator who removes thousands of jobs in one session
 * must not leave the page holding every id ever removed (docs/performance.md, "day"), while a
 * job just removed still stays gone when a late change event for it arrives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHost } from '../../../test/fake-host.js';
import { job } from '../../../test/jobs.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import { REMEMBERED_REMOVALS, removalsRemembered } from './task-data.js';
import TasksTab from '../tasks-tab.js';

afterEach(cleanup);

describe('removing jobs all day', () => {
  it('remembers only the latest removals, and the latest one stays gone', async () => {
    const jobs = Array.from({ length: 3 * REMEMBERED_REMOVALS }, () => job('failed'));
    const kept = job('saved', { prompt: 'a bowl of cherries' });
    // Most were removed in another window: their rows were never loaded here.
    const host = fakeHost({ 'tasks.list': () => [jobs.at(-1)!, kept] });
    const view = await mount(<TasksTab />);
    for (const j of jobs) host.emit('tasks.onDidRemove', { id: j.id });
    await settle();
    expect(removalsRemembered()).toBeLessThanOrEqual(REMEMBERED_REMOVALS);

    // A late change event of the last job removed does not bring its row back.
    const last = jobs.at(-1)!;
    host.emit('tasks.onDidChange', { ...last, error: 'late news' });
    await settle();
    await settle();
    const prompts = [...view.host.querySelectorAll('.task-row .task-prompt')].map((p) => p.textContent);
    expect(prompts).toEqual(['a bowl of cherries']);
  });
});
