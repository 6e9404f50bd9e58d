// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskView } from '@shared/contract/tasks.js';
import { msg } from '@shared/messages/index.js';
import { fakeHost, type Answers } from '../../../test/fake-host.js';
import { job } from '../../../test/jobs.js';
import { button, buttonNames, cleanup, click, mount, press, settle } from '../../../test/mount.js';
import TasksTab from '../tasks-tab.js';

afterEach(cleanup);

async function tab(jobs: TaskView[], answers: Answers = {}) {
  const host = fakeHost({ 'tasks.list': () => jobs, 'tasks.archived': () => ({ tasks: [] }), ...answers });
  const view = await mount(<TasksTab />);
  const row = (prompt: string) => [...view.host.querySelectorAll<HTMLElement>('li.task-row')].find((li) => li.querySelector('.task-prompt')?.textContent === prompt)!;
  const confirm = (label: string) => view.host.querySelector<HTMLElement>(`[role="group"][aria-label="${label}"]`);
  const tabs = () => [...view.host.querySelectorAll('[role="tab"]')].map((t) => t.textContent?.replace(/\s+/g, ' ').trim());
  return { ...host, ...view, row, confirm, tabs };
}

const running = () => job('running', { kind: 'video', prompt: 'a paid video', progress: 40, remoteId: 'gen_1' });
const cancelledView = (j: TaskView): TaskView => ({ ...j, state: 'cancelled', cancelledAt: 5_000, error: msg('jobs.task.cancelledStillSaving') });

describe('Cancel on a running job', () => {
  it('asks first, saying it is paid for and the gateway cannot stop it; Esc keeps the job and the focus', async () => {
    const t = await tab([running()]);
    const cancel = button(t.row('a paid video'), 'Cancel');
    await click(cancel);
    const confirm = t.confirm('Confirm cancelling')!;
    expect(confirm.textContent).toMatch(/already paid for/);
    expect(confirm.textContent).toMatch(/gateway cannot stop it/);
    expect(confirm.textContent).toMatch(/result is still saved to your library/);
    expect(t.callsOf('tasks.cancel')).toEqual([]);
    // The safe choice has the focus; Esc declines from anywhere in the question.
    expect(document.activeElement).toBe(button(confirm, 'Keep running'));
    await press(button(confirm, 'Keep running'), 'Escape');
    expect(t.confirm('Confirm cancelling')).toBeNull();
    expect(document.activeElement).toBe(cancel);
    expect(t.callsOf('tasks.cancel')).toEqual([]);
  });

  it('confirmed: the row says the result will still be saved, offers no paid retry, and keeps the focus on the row', async () => {
    const j = running();
    const t = await tab([j], { 'tasks.cancel': () => cancelledView(j) });
    await click(button(t.row('a paid video'), 'Cancel'));
    await click(button(t.confirm('Confirm cancelling')!, 'Cancel job'));
    await settle();
    expect(t.callsOf('tasks.cancel')).toEqual([{ id: j.id }]);
    const row = t.row('a paid video');
    expect(row.querySelector('[data-testid="task-state"]')?.textContent).toBe('Cancelled');
    expect(row.textContent).toMatch(/Cancelled — the result will still be saved when the gateway finishes\./);
    expect(buttonNames(row)).toEqual(['Remove', 'Copy task id']);
    expect(document.activeElement).toBe(row);
    expect(t.tabs()).toContain('Cancelled 1');
  });

  it('removing a job still followed says plainly that its result will then not be saved', async () => {
    const t = await tab([cancelledView(running())]);
    await click(button(t.row('a paid video'), 'Remove'));
    expect(t.confirm('Confirm removing')!.textContent).toMatch(/its result will not be saved/);
  });

  it('a cancelled job the gateway finished says so once saved', async () => {
    const t = await tab([{ ...running(), state: 'saved', cancelledAt: 5_000, downloads: [{ state: 'done', received: 9, total: 9, libraryId: 'lib-1' }] }]);
    expect(t.row('a paid video').textContent).toMatch(/You cancelled this job; the gateway finished it, so its result was saved\./);
  });
});

describe('Stop saving', () => {
  it('asks first, then the job needs attention and the Retry save its text names is there', async () => {
    const saving = job('completed', { prompt: 'a long video', expiresAt: 9e12, downloads: [{ state: 'downloading', received: 10, total: 100 }] });
    const t = await tab([saving], {
      'tasks.stopSaving': () => ({ ...saving, state: 'attention', error: msg('jobs.task.savingStopped'), downloads: [{ state: 'pending', received: 0 }] }),
    });
    await click(button(t.row('a long video'), 'Stop saving'));
    const confirm = t.confirm('Confirm stopping the save')!;
    expect(confirm.textContent).toMatch(/partly saved file is removed/);
    expect(confirm.textContent).toMatch(/Needs attention/);
    expect(confirm.textContent).toMatch(/Retry save/);
    expect(t.callsOf('tasks.stopSaving')).toEqual([]);
    await click(button(confirm, 'Stop the save'));
    await settle();
    expect(t.callsOf('tasks.stopSaving')).toEqual([{ id: saving.id }]);
    const row = t.row('a long video');
    expect(row.querySelector('[data-testid="task-state"]')?.textContent).toBe('Needs attention');
    expect(row.textContent).toMatch(/Use “Retry save” to save the files again/);
    expect(buttonNames(row)).toContain('Retry save');
    expect(document.activeElement).toBe(row);
  });

  it('keeps the focus in the row when the host answers before the stopped save has ended', async () => {
    const saving = job('completed', { prompt: 'a long video', expiresAt: 9e12, downloads: [{ state: 'downloading', received: 10, total: 100 }] });
    // The host answers at once, still saving; the stop's end comes as a change a moment later.
    const t = await tab([saving], { 'tasks.stopSaving': () => ({ ...saving, downloads: [{ state: 'downloading', received: 20, total: 100 }] }) });
    await click(button(t.row('a long video'), 'Stop saving'));
    await click(button(t.confirm('Confirm stopping the save')!, 'Stop the save'));
    await settle();
    t.emit('tasks.onDidChange', { ...saving, state: 'attention', error: msg('jobs.task.savingStopped') });
    await settle();
    expect(buttonNames(t.row('a long video'))).toContain('Retry save');
    expect(document.activeElement).toBe(t.row('a long video'));
  });

  it('an answer overtaken by the stop\'s end does not bring the row back to saving', async () => {
    const saving = job('completed', { prompt: 'a long video', revision: 7, expiresAt: 9e12, downloads: [{ state: 'downloading', received: 10, total: 100 }] });
    const host: { emit?: (t: TaskView) => void } = {};
    // On a busy machine the stopped save ends, and its change arrives, before the answer does.
    const t = await tab([saving], {
      'tasks.stopSaving': async () => {
        host.emit?.({ ...saving, revision: 9, state: 'attention', error: msg('jobs.task.savingStopped'), downloads: [{ state: 'pending', received: 0 }] });
        // The change is on the page (folded in at the next frame) before the answer is.
        await new Promise((frame) => requestAnimationFrame(frame));
        return { ...saving, revision: 8, downloads: [{ state: 'downloading', received: 20, total: 100 }] };
      },
    });
    host.emit = (v) => t.emit('tasks.onDidChange', v);
    await click(button(t.row('a long video'), 'Stop saving'));
    await click(button(t.confirm('Confirm stopping the save')!, 'Stop the save'));
    await settle();
    await settle();
    const row = t.row('a long video');
    expect(row.querySelector('[data-testid="task-state"]')?.textContent).toBe('Needs attention');
    expect(buttonNames(row)).toContain('Retry save');
  });
});
