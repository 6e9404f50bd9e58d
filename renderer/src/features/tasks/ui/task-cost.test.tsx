// @vitest-environment happy-dom
/**
 * The Tasks list's costs (docs/ledger.md, "Cost where the work is"): every row's cost comes from
 * one `ledger.costs` call, not one per row; the ledger's change refreshes them all in one more;
 * an unknown cost reads "unpriced", never ¥0; a job the gateway never took asks nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemCost } from '@shared/contract/ledger-quote.js';
import { fakeHost } from '../../../test/fake-host.js';
import { job } from '../../../test/jobs.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import TasksTab from '../tasks-tab.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the cost on each task row', () => {
  it('is read for every row in one call, refreshed in one, and never shown as 0 when unknown', async () => {
    const jobs = Array.from({ length: 40 }, (_, i) => job('saved', { prompt: `job ${i}`, remoteId: `task-${i}` }));
    const queued = job('queued', { prompt: 'not sent yet' });
    let known: ItemCost = { calls: 1, basis: 'exact', money: 2_500, refunded: false };
    const host = fakeHost({
      'tasks.list': () => [...jobs, queued],
      'tasks.archived': () => ({ tasks: [] }),
      'ledger.costs': ({ jobIds = [] }) => ({
        jobs: Object.fromEntries(jobIds.map((id, i): [string, ItemCost] => [id, i === 0 ? { calls: 1, basis: 'unpriced', refunded: false } : known])),
        replies: {},
        items: {},
      }),
    });
    const view = await mount(<TasksTab />);
    await settle();
    const costs = () => [...view.host.querySelectorAll('[data-testid="item-cost"]')].map((p) => p.textContent);
    const asked = host.callsOf('ledger.costs') as { jobIds: string[] }[];
    expect(asked).toHaveLength(1);
    expect(asked[0].jobIds).not.toContain(queued.id);
    const shown = costs();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.filter((c) => c === 'Cost: unpriced')).toHaveLength(1);
    expect(shown.filter((c) => /^Cost: CN¥0\.25$/.test(c ?? ''))).toHaveLength(shown.length - 1);

    known = { calls: 1, basis: 'estimated', money: 3_000, range: { low: 2_800, high: 3_300 }, refunded: false };
    host.emit('ledger.onChange', {});
    await settle();
    expect(host.callsOf('ledger.costs')).toHaveLength(2);
    expect(costs()).toContain('Cost: ≈ CN¥0.30 (CN¥0.28–CN¥0.33)');
  });
});
