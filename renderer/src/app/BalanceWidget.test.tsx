// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { useQueryClient } from '@tanstack/react-query';
import type { BalanceView } from '@shared/contract/index.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost } from '../test/fake-host.js';
import { useContractEvents } from './contract-events.js';
import { setLanguage } from '../i18n/index.js';
import { cleanup, mount, settle } from '../test/mount.js';
import { BalanceWidget } from './BalanceWidget.js';
import { raiseFirstScreenReady } from '../state/first-screen-ready.js';

// The shell's first screen is usable: the widget asks for its figures then (state/after-first-screen.ts).
raiseFirstScreenReady();

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

/** A balance as the host reports it: tokens left, cash and credit in yuan. */
function balance(tokens: number, cash: number, credit = 0, profileId = 'broke'): BalanceView {
  return {
    profileId,
    tokens: { token_balance: tokens, token_used: 1_000, token_total: tokens + 1_000, currency: 'tokens' },
    cash: { balance: cash, currency: 'CNY', total_charged: cash + 20, total_used: 20, credit_balance: credit },
    // What the host flags; the widget's three states must not depend on it being right.
    low: false,
    fetchedAt: 1,
  };
}

/** The widget as the shell has it: host events reach the cache it reads (App.tsx mounts this once). */
function Shell({ profileId }: { profileId: string }) {
  useContractEvents(useQueryClient());
  return <BalanceWidget profileId={profileId} />;
}

async function widget(view: BalanceView) {
  const host = fakeHost({ 'account.balance': () => view });
  const mounted = await mount(<Shell profileId={view.profileId} />);
  const region = () => mounted.host.querySelector<HTMLElement>('[data-testid="balance"]')!;
  return { ...host, ...mounted, region, state: () => region().dataset.state, text: () => region().textContent ?? '' };
}

describe('the balance widget', () => {
  it('says "No balance" at zero tokens and ¥0.00 with no credit, styled as the most urgent state', async () => {
    const w = await widget(balance(0, 0));
    expect(w.state()).toBe('none');
    expect(w.region().classList.contains('balance-none')).toBe(true);
    expect(w.region().classList.contains('balance-low')).toBe(false);
    expect(w.text()).toContain('No balance');
    expect(w.text()).not.toContain('Low balance');
    expect(w.host.querySelector('[data-testid="balance-cash"]')?.textContent).toMatch(/¥0\.00$/);
  });

  it('warns of a low balance just below either line, not "No balance"', async () => {
    for (const view of [balance(9_999, 500), balance(1_000_000, 4.99), balance(1_000_000, 0, 4.99)]) {
      const w = await widget(view);
      expect(w.state(), JSON.stringify(view)).toBe('low');
      expect(w.text()).toContain('Low balance — top up soon');
      expect(w.text()).not.toContain('No balance');
      cleanup();
    }
  });

  it('says nothing at or above both lines', async () => {
    for (const view of [balance(10_000, 5), balance(10_001, 5.01), balance(1_000_000, 0, 50)]) {
      const w = await widget(view);
      expect(w.state(), JSON.stringify(view)).toBe('fine');
      expect(w.text()).not.toMatch(/Low balance|No balance/);
      cleanup();
    }
  });

  it('is "low", not "none", while one of the two is left, and marks the one that ran out', async () => {
    const w = await widget(balance(0, 0, 50));
    expect(w.state()).toBe('low');
    expect(w.host.querySelector('[data-testid="balance-tokens-remaining"]')?.classList.contains('balance-empty')).toBe(true);
    expect(w.host.querySelector('[data-testid="balance-cash"]')?.classList.contains('balance-empty')).toBe(false);
  });

  it('follows the host: a billed call that spends the last yuan says "No balance", a top-up clears it', async () => {
    const w = await widget(balance(0, 0.1));
    expect(w.state()).toBe('low');
    await act(async () => w.emit('account.onDidChangeBalance', balance(0, 0)));
    await settle();
    expect(w.state()).toBe('none');
    await act(async () => w.emit('account.onDidChangeBalance', balance(1_000_000, 100)));
    await settle();
    expect(w.state()).toBe('fine');
    expect(w.text()).not.toMatch(/Low balance|No balance/);
  });

  it('speaks Simplified Chinese when the studio does', async () => {
    await setLanguage('zh-CN');
    const w = await widget(balance(0, 0));
    expect(w.text()).toContain('余额已用完，请充值后继续使用');
    await act(async () => w.emit('account.onDidChangeBalance', balance(9_999, 500)));
    await settle();
    expect(w.text()).toContain('余额不足，请尽快充值');
  });
});
