// @vitest-environment happy-dom
/**
 * The batch composer as a creator works it: prompts typed, models and ratios ticked; the matrix
 * and its count, the cost asked once per distinct price, every forbidden combination named with
 * its rule and nothing sent while one remains, the batch queued whole and said so, and the draft
 * kept when the tab goes away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { BatchInput, BatchView } from '@shared/contract/batches.js';
import { TASK_STATES } from '@shared/contract/tasks.js';
import { fakeHost, type Answers } from '../../../test/fake-host.js';
import { button, cleanup, click, field, mount, settle } from '../../../test/mount.js';
import { BatchComposer } from './batch-composer.js';
import { CHECK_QUIET_MS } from '../model/use-batch-check.js';

/** The creator stops typing: the host is asked about the cells as they now are. */
async function quiet() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, CHECK_QUIET_MS + 20));
  });
  await settle();
}

async function write(el: HTMLTextAreaElement | HTMLInputElement, text: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/** The checkbox or radio whose label reads `text`, inside the group named `legend`. */
function tick(scope: ParentNode, legend: string, text: string): HTMLInputElement {
  const group = [...scope.querySelectorAll('fieldset')].find((g) => g.querySelector('legend')?.textContent === legend);
  const label = [...(group?.querySelectorAll('label') ?? [])].find((l) => l.textContent?.trim() === text);
  const input = label?.querySelector('input');
  if (!input) throw new Error(`No choice ${text} in ${legend}`);
  return input;
}

const view = (input: BatchInput): BatchView => ({
  id: 'batch-1', name: input.name, kind: input.kind, axes: input.axes, createdAt: 1, paused: false, cells: input.cells.length, counts: Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as BatchView['counts'],
});

function host(over: Answers = {}) {
  return fakeHost({
    'ledger.quote': (q) => ('request' in q && q.request.model === 'seedream-4-0' ? { basis: 'unpriced' } : { basis: 'user', money: 2_000 }),
    'budgets.status': () => ({ profileId: 'p', hardStop: false, overrideArmed: false, blocked: false, budgets: [] }),
    'budgets.check': () => ({ crosses: [], blocked: false }),
    'batches.check': (input) => ({ jobs: input.cells.length, refusals: [] }),
    'batches.create': view,
    ...over,
  });
}

async function twelve(scope: HTMLElement) {
  await write(field(scope, 'Prompts, one per line'), 'a fox\nan owl\na hare');
  for (const model of ['seedream-4-5', 'seedream-4-0']) await click(tick(scope, 'Models', model));
  for (const ratio of ['1:1', '16:9']) await click(tick(scope, 'Aspect ratio', ratio));
  await quiet();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the batch composer', () => {
  it('shows 3 prompts × 2 models × 2 ratios as 12 jobs, prices each distinct request once, and queues them whole', async () => {
    const h = host();
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await twelve(page);
    expect(page.querySelector('[data-testid="batch-jobs"]')?.textContent).toBe('12 jobs');
    // Two shapes (one per model), not twelve questions; the unpriced model is named, not priced at 0.
    expect(h.callsOf('ledger.quote')).toHaveLength(2);
    const cost = page.querySelector('[data-testid="batch-cost"]')!.textContent!;
    expect(cost).toContain('12 jobs');
    expect(page.querySelector('[data-testid="batch-unpriced"]')?.textContent).toBe('6 jobs not priced yet (seedream-4-0), left out of the sum.');
    const checked = h.callsOf('batches.check').at(-1) as BatchInput;
    expect(checked.cells).toHaveLength(12);

    await click(button(page, 'Queue 12 jobs'));
    const [created] = h.callsOf('batches.create') as BatchInput[];
    expect(created.cells).toHaveLength(12);
    expect(created.axes).toEqual(['prompt', 'model', 'aspect_ratio', 'resolution']);
    expect(created.name).toMatch(/^a fox · /);
    expect(page.querySelector('[data-testid="batch-done"]')?.textContent).toContain('12 jobs');
    // From the confirmation, straight to the batch's contact sheet.
    expect(page.querySelector('dialog, [role="dialog"]')).toBeNull();
    await click(button(page, 'Open its contact sheet'));
    // The sheet goes to <body>, beside the confirmation's live region rather than in it.
    expect(page.querySelector('[data-testid="batch-done"] dialog')).toBeNull();
    const sheet = document.querySelector<HTMLElement>('dialog, [role="dialog"]')!;
    expect(sheet).not.toBeNull();
    // Ctrl+Enter in the sheet is the sheet's: it queues nothing again.
    await act(async () => { (sheet.querySelector('button') ?? sheet).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true })); });
    await settle();
    expect(h.callsOf('batches.create')).toHaveLength(1);
  });

  it('asks the host about the cells once the typing stops, not at every key, and queues nothing before it answers', async () => {
    const h = host();
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await click(tick(page, 'Models', 'seedream-4-0'));
    const prompts = field(page, 'Prompts, one per line');
    const asked = h.callsOf('batches.check').length;
    for (const text of ['a', 'a f', 'a fo', 'a fox', 'a fox\nan', 'a fox\nan owl']) await write(prompts, text);
    expect(button(page, /^Queue/).disabled).toBe(true);
    await quiet();
    expect(h.callsOf('batches.check').slice(asked).map((c) => (c as BatchInput).cells.map((x) => x.coords.prompt))).toEqual([['a fox', 'an owl']]);
    expect(button(page, /^Queue/).disabled).toBe(false);
  });

  it('names a forbidden combination with its rule and sends nothing, not even the check', async () => {
    const h = host();
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await write(field(page, 'Prompts, one per line'), 'a fox\nan owl');
    for (const model of ['seedream-4-5', 'seedream-4-0']) await click(tick(page, 'Models', model));
    const asked = h.callsOf('batches.check').length;
    await click(tick(page, 'Aspect ratio', '21:9'));
    const refusals = [...page.querySelectorAll('[data-testid="batch-refusal"]')].map((li) => li.textContent);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/^seedream-4-0 · Aspect ratio 21:9 \(2 jobs\): .*seedream-4-0/);
    expect(button(page, /^Queue/).disabled).toBe(true);
    // The host would stop such a batch at its boundary on the first cell: the page names them all instead.
    expect(h.callsOf('batches.check')).toHaveLength(asked);
    await click(button(page, /^Queue/));
    expect(h.callsOf('batches.create')).toHaveLength(0);
  });

  it('queues on Ctrl+Enter, never on a plain Enter in a one-line field', async () => {
    const h = host();
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await write(field(page, 'Prompts, one per line'), 'a fox');
    await click(tick(page, 'Models', 'seedream-4-0'));
    const name = field(page, 'Batch name');
    await write(name, 'foxes');
    await quiet();
    await act(async () => { name.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })); });
    // What the browser does on Enter unless the key was held back: the form's implicit submit.
    let held = false;
    await act(() => {
      held = !name.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(held).toBe(true);
    await settle();
    expect(h.callsOf('batches.create')).toHaveLength(0);
    await act(async () => { name.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true })); });
    await settle();
    expect(h.callsOf('batches.create')).toEqual([expect.objectContaining({ name: 'foxes' })]);
  });

  it('lists what the host refuses, and keeps Generate off while it does', async () => {
    const h = host({ 'batches.check': () => ({ jobs: 1, refusals: [{ index: 0, error: 'This model is not offered by your gateway.' }] }) });
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await write(field(page, 'Prompts, one per line'), 'a fox');
    await click(tick(page, 'Models', 'seedream-4-5'));
    await quiet();
    expect(page.querySelector('[data-testid="batch-refusal"]')?.textContent).toContain('This model is not offered by your gateway.');
    expect(button(page, /^Queue/).disabled).toBe(true);
    expect(h.callsOf('batches.create')).toHaveLength(0);
  });

  it('refuses a product over the cell limit with its numbers', async () => {
    host();
    const { host: page } = await mount(<BatchComposer kind="image" />);
    await click(tick(page, 'Prompts', 'One prompt with variables'));
    await write(field(page, 'Prompt with {variables}'), '{a} {b} {c} {d}');
    const values = Array.from({ length: 6 }, (_, k) => `v${k}`).join('\n');
    for (const name of ['a', 'b', 'c', 'd']) await write(field(page, `Values of ${name}, one per line`), values);
    await click(tick(page, 'Models', 'seedream-4-5'));
    expect(page.querySelector('[data-testid="batch-problem"]')?.textContent).toMatch(/1,296 jobs; a batch holds at most 1,000/);
    expect(button(page, /^Queue/).disabled).toBe(true);
  });

  it('opens with a damaged stored draft as a fresh one, keeping what still reads', async () => {
    host();
    localStorage.setItem('gateway-studio:draft:batch:image', JSON.stringify({ source: { mode: 'list', list: 'kept', values: 7 }, models: 'seedream-4-0', picked: null, typed: [3] }));
    const { host: page } = await mount(<BatchComposer kind="image" />);
    expect((field(page, 'Prompts, one per line') as unknown as HTMLTextAreaElement).value).toBe('kept');
    expect(tick(page, 'Models', 'seedream-4-0').checked).toBe(false);
    await click(tick(page, 'Models', 'seedream-4-0'));
    expect(page.querySelector('[data-testid="batch-jobs"]')?.textContent).toBe('1 job');
  });

  it('keeps the draft when the tab goes away and comes back', async () => {
    host();
    const first = await mount(<BatchComposer kind="video" />);
    await write(field(first.host, 'Prompts, one per line'), 'waves at dusk');
    await click(tick(first.host, 'Models', 'modelg3'));
    first.unmount();
    const again = await mount(<BatchComposer kind="video" />);
    expect((field(again.host, 'Prompts, one per line') as unknown as HTMLTextAreaElement).value).toBe('waves at dusk');
    expect(tick(again.host, 'Models', 'modelg3').checked).toBe(true);
  });
});
