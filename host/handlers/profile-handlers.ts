/** The `profiles.*` and `account.*` calls: gateway profiles, their keys, and the balance. */
import type { DomainHandlers } from '../dispatch.js';
import type { CoreServices } from '../services.js';

export function profileHandlers({ profiles }: CoreServices): DomainHandlers<'profiles'> {
  return {
    'profiles.list': () => profiles.list(),
    'profiles.save': (i) => profiles.save(i),
    'profiles.remove': (i) => profiles.remove(i.id),
    'profiles.activate': (i) => profiles.activate(i.id),
    'profiles.clearKey': (i) => profiles.clearKey(i.id),
    'profiles.test': (i) => profiles.test(i.id),
    'profiles.keyStorage': () => profiles.keyStorage(),
    'profiles.allowPlaintextKeys': (i) => profiles.allowPlaintextKeys(i.allow),
  };
}

export function accountHandlers({ balance }: CoreServices): DomainHandlers<'account'> {
  return {
    'account.balance': (i) => balance.get(i.refresh ?? false),
  };
}
