// @vitest-environment happy-dom
/**
 * A reply's "Cost: …" line (docs/ledger.md, "Cost where the work is") while it streams: a new
 * reply has no ledger row until it ends, so the page asks only then, and the host streams on
 * without the question; a continued reply keeps the cost it showed until its new one comes.
 */
import { useEffect, useState } from 'react';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '@shared/contract/chat.js';
import type { ItemCost } from '@shared/contract/ledger-quote.js';
import { fakeHost } from '../../../test/fake-host.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import { MessageFacts } from './message-facts.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const reply = (status: ChatMessageView['status']) => ({ id: 'r1', role: 'assistant', status, choices: [{ text: 'Once upon a time' }], createdAt: 1 }) as ChatMessageView;

/** The reply's facts, its status changed from outside as the chat's events change it. */
const control: { set?: (s: ChatMessageView['status']) => void } = {};
const setStatus = (s: ChatMessageView['status']) => control.set!(s);
function Reply({ initial }: { initial: ChatMessageView['status'] }) {
  const [status, set] = useState(initial);
  useEffect(() => {
    control.set = set;
  }, []);
  const message = reply(status);
  return <MessageFacts message={message} choice={message.choices![0]} />;
}

function ledger(costs: Record<string, ItemCost>) {
  return fakeHost({ 'ledger.costs': ({ replyIds = [] }) => ({ jobs: {}, items: {}, replies: Object.fromEntries(replyIds.filter((id) => costs[id]).map((id) => [id, costs[id]])) }) });
}
const costLine = (host: HTMLElement) => host.querySelector('[data-testid="item-cost"]')?.textContent ?? null;

describe("a reply's cost while it streams", () => {
  it('is asked for once the reply has ended, not while it streams', async () => {
    const costs: Record<string, ItemCost> = {};
    const host = ledger(costs);
    const view = await mount(<Reply initial="streaming" />);
    expect(host.callsOf('ledger.costs')).toEqual([]);
    expect(costLine(view.host)).toBeNull();

    // The reply ends; its ledger row was written as its body closed.
    costs.r1 = { calls: 1, basis: 'exact', money: 1_200, refunded: false };
    act(() => setStatus('complete'));
    await settle();
    expect(host.callsOf('ledger.costs')).toEqual([{ replyIds: ['r1'] }]);
    expect(costLine(view.host)).toBe('Cost: CN¥0.12');
  });

  it('a continued reply keeps its cost shown while it streams, and shows the new one after', async () => {
    const costs: Record<string, ItemCost> = { r1: { calls: 1, basis: 'exact', money: 1_200, refunded: false } };
    const host = ledger(costs);
    const view = await mount(<Reply initial="complete" />);
    expect(costLine(view.host)).toBe('Cost: CN¥0.12');

    act(() => setStatus('streaming'));
    await settle();
    expect(costLine(view.host)).toBe('Cost: CN¥0.12');
    expect(host.callsOf('ledger.costs')).toHaveLength(1);

    // Continue's call is billed as it ends: the ledger says so, and the line follows.
    costs.r1 = { calls: 2, basis: 'exact', money: 2_000, refunded: false };
    act(() => setStatus('complete'));
    act(() => host.emit('ledger.onChange', {}));
    await settle();
    expect(host.callsOf('ledger.costs')).toHaveLength(2);
    expect(costLine(view.host)).toBe('Cost: CN¥0.20');
  });
});
