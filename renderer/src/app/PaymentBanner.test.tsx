// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { useQueryClient } from '@tanstack/react-query';
import type { BalanceView, EventName, EventPayload, ProfilesView } from '@shared/contract/index.js';
import { msg } from '@shared/messages/message.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost, hostError } from '../test/fake-host.js';
import { call } from '../api/client.js';
import { useContractEvents } from './contract-events.js';
import { setLanguage } from '../i18n/index.js';
import { usePaymentStore } from '../state/payment-store.js';
import { useUiStore } from '../state/ui-store.js';
import { button, cleanup, click, mount, settle } from '../test/mount.js';
import { PaymentBanner } from './PaymentBanner.js';

// The banner is for the tabs besides Chat (a refused reply says it there itself).
beforeEach(() => useUiStore.getState().openTab('image'));

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  usePaymentStore.getState().dismiss();
  await setLanguage('en');
});

const BROKE = 'broke';
const SANDBOX = 'sandbox';

const profiles = (activeId: string): ProfilesView => ({
  activeId,
  profiles: [
    { id: SANDBOX, name: 'Offline sandbox', kind: 'sandbox', baseUrl: 'http://127.0.0.1:1', hasKey: false },
    { id: BROKE, name: 'Broke gateway', kind: 'gateway', baseUrl: 'http://127.0.0.1:2', hasKey: true, keyTail: 'roke' },
  ],
});

/** A balance as the host reports it; `used` is what the account has spent so far (yuan). */
function balance(profileId: string, cash: number, used = 20): BalanceView {
  return {
    profileId,
    tokens: { token_balance: 0, token_used: 1_000, token_total: 1_000, currency: 'tokens' },
    cash: { balance: cash, currency: 'CNY', total_charged: cash + used, total_used: used, credit_balance: 0 },
    low: true,
    fetchedAt: 1,
  };
}

const REFUSED = msg('gateway.failure.paymentRequired', { said: '' });

/** The banner as the shell has it: beside the host's events, which App.tsx subscribes to once. */
function Shell() {
  useContractEvents(useQueryClient());
  return <PaymentBanner />;
}

async function studio(activeId = BROKE) {
  let view = profiles(activeId);
  const host = fakeHost({
    'profiles.list': () => view,
    'profiles.test': () => {
      throw hostError('The gateway refused the API key.', 'unauthorized');
    },
  });
  const mounted = await mount(<Shell />);
  const send = async <E extends EventName>(event: E, payload: EventPayload<E>) => {
    await act(async () => host.emit(event, payload));
    await settle();
  };
  return {
    ...host,
    ...mounted,
    send,
    banner: () => mounted.host.querySelector('[data-testid="payment-banner"]'),
    /** Activates a profile as Settings does: the host reports the new list. */
    activate: async (id: string) => {
      view = profiles(id);
      await send('profiles.onDidChange', view);
    },
  };
}

describe('the top-up banner', () => {
  it('shows a 402 on the active profile, in the host’s words', async () => {
    const s = await studio();
    expect(s.banner()).toBeNull();
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    expect(s.banner()?.getAttribute('role')).toBe('alert');
    expect(s.banner()?.textContent).toContain('Your balance is too low for this — top up your account and retry.');
  });

  it('stays off the Chat tab, where the refused reply says it, and shows again on another tab', async () => {
    const s = await studio();
    await act(async () => useUiStore.getState().openTab('chat'));
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    expect(s.banner()).toBeNull();
    await act(async () => useUiStore.getState().openTab('gallery'));
    expect(s.banner()?.textContent).toContain('Your balance is too low');
  });

  it('is gone once another profile is active, and does not come back with the profile that caused it', async () => {
    const s = await studio();
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    expect(s.banner()).not.toBeNull();

    await s.activate(SANDBOX);
    expect(s.banner()).toBeNull();
    await s.activate(BROKE);
    expect(s.banner()).toBeNull();
  });

  it('does not sit beside another profile’s 401', async () => {
    const s = await studio();
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    await s.activate(SANDBOX);

    await act(async () => {
      await expect(call('profiles.test', { id: SANDBOX })).rejects.toMatchObject({ code: 'unauthorized' });
    });
    await settle();
    expect(s.banner()).toBeNull();
  });

  it('is not shown for a 402 the host put on a profile that is not the active one', async () => {
    const s = await studio(SANDBOX);
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    expect(s.banner()).toBeNull();
  });

  it('stays while the profile’s balance is read again unchanged, and goes when it was topped up', async () => {
    const s = await studio();
    await s.send('account.onDidChangeBalance', balance(BROKE, 0));
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    // The host re-reads the balance after every billed call, refused ones too.
    await s.send('account.onDidChangeBalance', balance(BROKE, 0));
    expect(s.banner()).not.toBeNull();
    // Another profile's money says nothing about this one.
    await s.send('account.onDidChangeBalance', balance(SANDBOX, 500));
    expect(s.banner()).not.toBeNull();

    await s.send('account.onDidChangeBalance', balance(BROKE, 100));
    expect(s.banner()).toBeNull();
  });

  it('stays after a 402 on a balance above zero that was too small for the job, and goes after a billed call succeeds', async () => {
    const s = await studio();
    await s.send('account.onDidChangeBalance', balance(BROKE, 1));
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    await s.send('account.onDidChangeBalance', balance(BROKE, 1));
    expect(s.banner()).not.toBeNull();

    await s.send('account.onDidChangeBalance', balance(BROKE, 0.8, 20.2));
    expect(s.banner()).toBeNull();
  });

  it('takes the first reading after a 402 as the balance it was refused at, when none was known', async () => {
    const s = await studio();
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: REFUSED });
    await s.send('account.onDidChangeBalance', balance(BROKE, 0));
    expect(s.banner()).not.toBeNull();
    await s.send('account.onDidChangeBalance', balance(BROKE, 100));
    expect(s.banner()).toBeNull();
  });

  it('is dismissed by the creator, and shows a headline of its own for a message that is not one', async () => {
    const s = await studio();
    await s.send('account.onDidRequirePayment', { profileId: BROKE, message: 'Quota exhausted.' });
    expect(s.banner()?.textContent).toContain('Your balance is too low for this job — top up and retry.');
    expect(s.banner()?.textContent).toContain('Quota exhausted.');
    await click(button(s.host, 'Dismiss'));
    expect(s.banner()).toBeNull();
  });
});
