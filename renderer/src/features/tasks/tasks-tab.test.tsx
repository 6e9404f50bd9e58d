// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchView } from '@shared/contract/batches.js';
import { LISTED_FINISHED, TASK_STATES, type TaskView } from '@shared/contract/tasks.js';
import { fakeHost, hostError, type Answers } from '../../test/fake-host.js';
import { job } from '../../test/jobs.js';
import { button, cleanup, buttonNames, click, mount, press, settle } from '../../test/mount.js';
import TasksTab from './tasks-tab.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The Tasks tab over a host that lists `jobs`; other answers as given. */
async function tab(jobs: TaskView[], answers: Answers = {}) {
  // No archive unless a test gives one: a new creator's host answers with no older jobs.
  const host = fakeHost({ 'tasks.list': () => jobs, 'tasks.archived': () => ({ tasks: [] }), ...answers });
  const view = await mount(<TasksTab />);
  const row = (prompt: string) => {
    const found = [...view.host.querySelectorAll('li.task-row')].find((li) => li.querySelector('.task-prompt')?.textContent === prompt);
    if (!found) throw new Error(`No row for ${prompt}`);
    return found as HTMLElement;
  };
  const rowNames = () => [...view.host.querySelectorAll('.task-row .task-prompt')].map((p) => p.textContent);
  const tabs = () => [...view.host.querySelectorAll('[role="tab"]')].map((t) => t.textContent?.replace(/\s+/g, ' ').trim());
  return { ...host, ...view, row, rowNames, tabs };
}

const stuck = () => job('attention', { prompt: 'a lighthouse at dusk', error: 'The disk is full: free some space, then retry the save.', expiresAt: 9e12 });

describe('the Tasks filters', () => {
  it('count a mixed list under each filter, and show only that filter’s rows', async () => {
    const jobs = [
      job('running'), job('queued'), job('completed'), job('saved'), job('saved'),
      stuck(), job('unknown'), job('failed'), job('timed_out'), job('expired'), job('cancelled'),
    ];
    const t = await tab(jobs);
    expect(t.tabs()).toEqual(['All 11', 'Active 2', 'Saving 1', 'Saved 2', 'Needs attention 2', 'Failed 3', 'Cancelled 1']);

    await click(button(t.host, 'Needs attention 2'));
    expect(t.rowNames().sort()).toEqual(['a lighthouse at dusk', 'a unknown job']);
    // Cancelled is the creator's own choice: counted apart, not as a failure.
    await click(button(t.host, 'Failed 3'));
    expect(t.rowNames().sort()).toEqual(['a expired job', 'a failed job', 'a timed_out job']);
    await click(button(t.host, 'Cancelled 1'));
    expect(t.rowNames()).toEqual(['a cancelled job']);
  });

  it('move with the arrow keys (wrapping round), Home and End, and take the focus along', async () => {
    const t = await tab([job('saved')]);
    const selected = () => t.host.querySelector('[role="tab"][aria-selected="true"]');
    const list = t.host.querySelector('[role="tablist"]') as HTMLElement;
    await press(list, 'ArrowLeft');
    expect(selected()?.textContent).toMatch(/^Cancelled/);
    expect(document.activeElement).toBe(selected());
    await press(list, 'ArrowRight');
    expect(selected()?.textContent).toMatch(/^All/);
    await press(list, 'End');
    expect(selected()?.textContent).toMatch(/^Cancelled/);
    await press(list, 'Home');
    expect(selected()?.textContent).toMatch(/^All/);
    // Only the selected filter is in the Tab order.
    expect([...t.host.querySelectorAll('[role="tab"][tabindex="0"]')]).toEqual([selected()]);
  });
});

describe('a job that needs attention', () => {
  it('says so with its reason, and offers Retry save, Open original link and Remove, never a paid retry', async () => {
    const t = await tab([stuck()]);
    const row = t.row('a lighthouse at dusk');
    expect(row.querySelector('[data-testid="task-state"]')?.textContent).toBe('Needs attention');
    expect(row.querySelector('[data-testid="task-error"]')?.textContent).toBe('The disk is full: free some space, then retry the save.');
    expect(buttonNames(row)).toEqual(['Retry save', 'Open original link', 'Remove', 'Copy task id']);
  });

  it('Retry save asks for fresh links and a new save; a refusal stays on the row', async () => {
    const t = await tab([stuck()], { 'tasks.checkAgain': () => Promise.reject(hostError('That job is no longer in the list.', 'not_found')) });
    const row = t.row('a lighthouse at dusk');
    await click(button(row, 'Retry save'));
    expect(t.callsOf('tasks.checkAgain')).toEqual([{ id: expect.any(String) }]);
    expect(row.querySelector('[role="alert"]')?.textContent).toBe('That job is no longer in the list.');
    // Still there after the list re-renders for another job's change.
    t.emit('tasks.onDidChange', job('running', { prompt: 'another one' }));
    await settle();
    expect(t.row('a lighthouse at dusk').querySelector('[role="alert"]')?.textContent).toBe('That job is no longer in the list.');
  });

  it('Open original link opens the first link in a new window, without a handle back to the studio', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const t = await tab([stuck()], { 'tasks.links': () => ({ urls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'] }) });
    await click(button(t.row('a lighthouse at dusk'), 'Open original link'));
    expect(open).toHaveBeenCalledExactlyOnceWith('https://cdn.example/a.png', '_blank', 'noopener,noreferrer');
  });

  it('refuses to open a link that is not a web address, or none at all, and says why on the row', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let urls = ['javascript:alert(1)'];
    const t = await tab([stuck()], { 'tasks.links': () => ({ urls }) });
    const row = t.row('a lighthouse at dusk');
    await click(button(row, 'Open original link'));
    expect(row.querySelector('[role="alert"]')?.textContent).toMatch(/not a web address/);
    urls = [];
    await click(button(row, 'Open original link'));
    expect(row.querySelector('[role="alert"]')?.textContent).toBe('The gateway gave no link for this job.');
    expect(open).not.toHaveBeenCalled();
  });
});

describe('removing a job', () => {
  it('asks first, says saved files stay in the library, and does nothing when declined', async () => {
    const t = await tab([stuck()], { 'tasks.remove': () => ({ removed: true }) });
    const remove = button(t.row('a lighthouse at dusk'), 'Remove');
    await click(remove);
    const confirm = t.host.querySelector('[role="group"][aria-label="Confirm removing"]') as HTMLElement;
    expect(confirm.textContent).toMatch(/stay in your library/);
    // The safe choice has the focus: a stray Enter keeps the job.
    expect(document.activeElement).toBe(button(confirm, 'Keep job'));
    await click(button(confirm, 'Keep job'));
    expect(t.callsOf('tasks.remove')).toEqual([]);
    expect(t.host.querySelector('[role="group"]')).toBeNull();
    expect(t.rowNames()).toEqual(['a lighthouse at dusk']);
    expect(document.activeElement).toBe(remove);
  });

  it('removes once however often the confirmation is clicked, and the row goes at once', async () => {
    let answer: (v: { removed: boolean }) => void = () => undefined;
    const t = await tab([stuck(), job('failed', { prompt: 'a fox' })], { 'tasks.remove': () => new Promise((resolve) => (answer = resolve)) });
    await click(button(t.row('a lighthouse at dusk'), 'Remove'));
    const yes = button(t.host.querySelector('[role="group"]')!, 'Remove job');
    // Both clicks land before React re-renders the button as disabled.
    await act(async () => {
      yes.click();
      yes.click();
    });
    await act(async () => answer({ removed: true }));
    await settle();
    expect(t.callsOf('tasks.remove')).toHaveLength(1);
    expect(t.rowNames()).toEqual(['a fox']);
    // The focus goes to the list, not lost to the page.
    expect(document.activeElement?.getAttribute('role')).toBe('tabpanel');
    expect(t.tabs()[0]).toBe('All 1');
  });

  it('drops a row the host removed elsewhere, and a late change event does not bring it back', async () => {
    const gone = job('failed', { prompt: 'a fox' });
    const t = await tab([gone, job('saved', { prompt: 'a bowl of cherries' })]);
    t.emit('tasks.onDidChange', { ...gone, error: 'late news' });
    t.emit('tasks.onDidRemove', { id: gone.id });
    await settle();
    await settle();
    expect(t.rowNames()).toEqual(['a bowl of cherries']);
  });

  it('withdraws an open question when the job moves on meanwhile (its save retried from elsewhere)', async () => {
    const job1 = stuck();
    const t = await tab([job1], { 'tasks.remove': () => ({ removed: true }) });
    await click(button(t.row('a lighthouse at dusk'), 'Remove'));
    t.emit('tasks.onDidChange', { ...job1, state: 'completed', error: undefined });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(t.row('a lighthouse at dusk').getAttribute('data-state')).toBe('completed');
    expect(t.host.querySelector('[role="group"]')).toBeNull();
    expect(buttonNames(t.row('a lighthouse at dusk'))).toEqual(['Stop saving', 'Copy task id']);
  });

  it('is offered on every ended job that is not saved, and on none still running or saving', async () => {
    const t = await tab([job('failed'), job('timed_out'), job('expired'), job('cancelled'), job('unknown'), job('running'), job('completed'), job('saved')]);
    const removable = [...t.host.querySelectorAll('li.task-row')].filter((li) => buttonNames(li).includes('Remove')).map((li) => li.getAttribute('data-state'));
    expect(removable.sort()).toEqual(['cancelled', 'expired', 'failed', 'timed_out', 'unknown']);
  });
});

describe('a long day of jobs', () => {
  it('keeps only the newest rows on the page however many jobs come, older ones on request', async () => {
    // 330 jobs: a day's worth (bench/day.ts). Newest first, so job 330 heads the list.
    const jobs = Array.from({ length: 330 }, (_, i) => job('saved', { prompt: `take ${i + 1}` }));
    const t = await tab(jobs);
    expect(t.tabs()[0]).toBe('All 330');
    expect(t.rowNames()).toHaveLength(50);
    expect(t.rowNames()[0]).toBe('take 330');

    // More jobs arrive while the tab is open: the page still holds 50 rows, the newest.
    for (let i = 331; i <= 400; i++) t.emit('tasks.onDidChange', job('running', { prompt: `take ${i}` }));
    await settle();
    expect(t.rowNames()).toHaveLength(50);
    expect(t.rowNames()[0]).toBe('take 400');

    await click(button(t.host, 'Show 50 more jobs (350 not shown)'));
    expect(t.rowNames()).toHaveLength(100);
    expect(t.rowNames()[99]).toBe('take 301');
    // Another filter starts again from the newest rows.
    await click(button(t.host, 'Saved 330'));
    expect(t.rowNames()).toHaveLength(50);
    await click(button(t.host, 'All 400'));
    expect(t.rowNames()).toHaveLength(50);
  });

  it('shows the last few older jobs with the button’s own count, and hands the focus to the list', async () => {
    const t = await tab(Array.from({ length: 53 }, (_, i) => job('saved', { prompt: `take ${i + 1}` })));
    await click(button(t.host, 'Show 3 more jobs (3 not shown)'));
    expect(t.rowNames()).toHaveLength(53);
    expect(buttonNames(t.host).some((n) => /more job/.test(n))).toBe(false);
    expect(document.activeElement?.id).toBe('tasks-list');
  });
});

describe('a batch of 500 jobs', () => {
  const counts = (waiting: number) => ({ ...Object.fromEntries(TASK_STATES.map((s) => [s, 0])), waiting }) as BatchView['counts'];
  const theBatch: BatchView = { id: 'B', name: 'Lighthouses', kind: 'image', axes: ['prompt'], createdAt: 1, paused: false, cells: 500, counts: counts(500) };

  it('never shows its jobs loose while its row is on its way, asks for the row, then shows 50 of its jobs at a time', async () => {
    let batches: BatchView[] = [];
    const t = await tab([], { 'batches.list': () => batches });
    const asked = t.callsOf('batches.list').length;
    // The jobs' events come first (the batch's own may be late): not one loose row meanwhile.
    for (let i = 0; i < 500; i++) t.emit('tasks.onDidChange', job('waiting', { prompt: `cell ${i}`, batch: { id: 'B', index: i } }));
    batches = [theBatch];
    await settle();
    await settle();
    expect(t.callsOf('batches.list').length).toBeGreaterThan(asked);
    expect(t.host.querySelectorAll('[data-testid="batch-row"]')).toHaveLength(1);
    expect(t.rowNames()).toEqual([]);
    expect(t.tabs()[0]).toBe('All 500');

    await click(button(t.host, 'Lighthouses'));
    expect(t.rowNames()).toHaveLength(50);
    expect(t.rowNames()[0]).toBe('cell 0');
    await click(button(t.host, 'Show 50 more jobs (450 not shown)'));
    expect(t.rowNames()).toHaveLength(100);
    expect(t.rowNames()[99]).toBe('cell 99');
  });
});

describe('when a job was made', () => {
  it('reads as a time of day for today’s jobs and with its date for older ones', async () => {
    const now = Date.now();
    const t = await tab([job('saved', { prompt: 'today', createdAt: now }), job('failed', { prompt: 'weeks ago', createdAt: now - 20 * 24 * 3_600_000 })]);
    const shown = (prompt: string) => t.row(prompt).querySelector('time')?.textContent ?? '';
    const year = (ms: number) => String(new Date(ms).getFullYear());
    expect(shown('today')).not.toContain(year(now));
    expect(shown('today')).toMatch(/\d{1,2}:\d{2}/);
    expect(shown('weeks ago')).toContain(year(now - 20 * 24 * 3_600_000));
  });
});

describe('older jobs, moved out of the list', () => {
  it('leave no trace while there are none', async () => {
    const t = await tab([job('saved')]);
    expect(buttonNames(t.host).some((n) => /older/i.test(n))).toBe(false);
    // Nor for a filter of jobs still going on, which the archive cannot hold.
    await click(button(t.host, 'Active 0'));
    expect(t.callsOf('tasks.archived')).toEqual([{ limit: 50 }]);
  });

  it('a job moved there while the tab is open shows up among them, not lost between the two', async () => {
    const moving = job('failed', { prompt: 'a lantern moved away' });
    const archive: TaskView[] = [];
    const t = await tab([job('saved', { prompt: 'a fresh lantern' }), moving], { 'tasks.archived': () => ({ tasks: [...archive] }) });
    expect(buttonNames(t.host)).not.toContain('Show older jobs');
    archive.push(moving);
    t.emit('tasks.onDidRemove', { id: moving.id });
    await settle();
    await click(button(t.host, 'Show older jobs'));
    expect(t.rowNames()).toEqual(['a fresh lantern', 'a lantern moved away']);
    expect(t.host.querySelector('[aria-label="Older jobs"] li')?.textContent).toContain('a lantern moved away');
    // It says how many finished jobs the list keeps: the number the host keeps (task-archive.ts).
    expect(t.host.querySelector('.tasks-older')?.textContent).toContain(`beyond the newest ${LISTED_FINISHED} are kept apart`);
  });

  it('can be sent again: Retry asks first, then the new job leads the list and the older one stays', async () => {
    const old = job('failed', { prompt: 'an old lantern', error: 'Content policy.' });
    const t = await tab([job('saved', { prompt: 'a fresh lantern' })], {
      'tasks.archived': () => ({ tasks: [old, job('saved', { prompt: 'a saved old lantern' })] }),
      'tasks.retry': () => job('queued', { prompt: 'an old lantern' }),
    });
    await click(button(t.host, 'Show older jobs'));
    // A saved one has its result to open, nothing to send again.
    expect(buttonNames(t.row('a saved old lantern'))).not.toContain('Retry');
    await click(button(t.row('an old lantern'), 'Retry'));
    expect(t.callsOf('tasks.retry')).toEqual([]);
    await click(button(t.host, 'Submit again'));
    expect(t.callsOf('tasks.retry')).toEqual([{ id: old.id }]);
    expect(t.rowNames()).toEqual(['an old lantern', 'a fresh lantern', 'an old lantern', 'a saved old lantern']);
  });

  it('that cannot be read say so, keep the list, and come on Try again', async () => {
    let broken = true;
    const t = await tab([job('saved', { prompt: 'a fresh lantern' })], {
      'tasks.archived': () => {
        if (broken) throw hostError('The disk reported an error (EIO). Try again.', 'internal');
        return { tasks: [job('cancelled', { prompt: 'an old lantern' })] };
      },
    });
    expect(t.host.querySelector('[role="alert"]')?.textContent).toContain('Older jobs could not be read: The disk reported an error (EIO).');
    expect(t.rowNames()).toEqual(['a fresh lantern']);
    broken = false;
    await click(button(t.host, 'Try again'));
    await click(button(t.host, 'Show older jobs'));
    expect(t.rowNames()).toEqual(['a fresh lantern', 'an old lantern']);
  });
});

describe('the job queue control', () => {
  it('says how many jobs wait, pauses the queue, and resumes it', async () => {
    let paused = false;
    const status = () => ({ paused, draining: false, waiting: 3, running: 1 });
    const t = await tab([job('waiting')], {
      'tasks.queue': status,
      'tasks.pauseQueue': () => ((paused = true), status()),
      'tasks.resumeQueue': () => ((paused = false), status()),
    });
    await settle();
    expect(t.host.querySelector('.tasks-queue')?.textContent).toContain('3 jobs waiting to be sent');
    await click(button(t.host, 'Pause queue'));
    await settle();
    expect(t.callsOf('tasks.pauseQueue')).toEqual([{}]);
    expect(t.host.querySelector('.tasks-queue')?.textContent).toContain('Queue paused: 3 jobs waiting');
    await click(button(t.host, 'Resume'));
    await settle();
    expect(t.callsOf('tasks.resumeQueue')).toEqual([{}]);
    // The host's event keeps it current, whoever paused it.
    act(() => t.emit('tasks.onQueueChange', { paused: true, draining: false, waiting: 1, running: 0 }));
    await settle();
    expect(t.host.querySelector('.tasks-queue')?.textContent).toContain('Queue paused: 1 job waiting');
  });
});
