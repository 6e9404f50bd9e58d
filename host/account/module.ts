/**
 * The balance (`account.*`): the active profile's token and cash balances, refreshed after every
 * call the gateway billed (the `billed` event, host/events.ts) or refused for the balance (402),
 * and forgotten when the profiles change.
 */
import { defineModule } from '../module.js';
import { BalanceService } from './balance-service.js';

export const accountModule = defineModule({
  name: 'account',
  open({ emit, events, now, use }) {
    const { profiles, onProfilesChange } = use('settings');
    const balance = new BalanceService(profiles, (v) => emit('account.onDidChangeBalance', v), now);
    onProfilesChange(() => balance.invalidate());
    const refresh = () => void balance.get(true).catch(() => undefined);
    // The widget shows the active profile's balance: a call billed to another leaves it as it is.
    events.on('billed', (b) => {
      if (b.profileId === profiles.activeId()) refresh();
    });
    return {
      balance,
      // Refused for the balance: the widget shows how low it is, beside the banner.
      paymentRequired: (message) => {
        emit('account.onDidRequirePayment', { profileId: profiles.activeId(), message });
        refresh();
      },
    };
  },
  handlers: ({ use }) => {
    const { balance } = use('account');
    return {
      'account.balance': (i) => balance.get(i.refresh ?? false),
    };
  },
});
