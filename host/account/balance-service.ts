/** The balance widget's data: both balances of the active profile, refreshed on demand. */
import { balanceState, type BalanceView } from '@shared/contract/account.js';
import { CashBalance, TokenBalance } from '@shared/gateway/wire.js';
import type { ProfileService } from '../settings/profile-service.js';

export class BalanceService {
  private last?: BalanceView;
  private inflight?: Promise<BalanceView>;

  constructor(
    private readonly profiles: ProfileService,
    private readonly emit: (view: BalanceView) => void,
    private readonly now: () => number,
  ) {}

  async get(refresh = false): Promise<BalanceView> {
    const active = this.profiles.activeId();
    if (!refresh && this.last?.profileId === active) return this.last;
    // Concurrent refreshes (start-up, a billed call, a click) share one round trip.
    this.inflight ??= this.fetch().finally(() => { this.inflight = undefined; });
    return this.inflight;
  }

  private async fetch(): Promise<BalanceView> {
    const { profileId, client } = this.profiles.connect();
    const [tokens, cash] = await Promise.all([
      client.json({ method: 'GET', path: '/v1/account/token-balance' }, TokenBalance),
      client.json({ method: 'GET', path: '/v1/account/balance' }, CashBalance),
    ]);
    // The lines are shared with the widget, which tells "low" from "none" (shared/contract/account.ts).
    const low = balanceState({ tokens, cash }) !== 'fine';
    const view: BalanceView = { profileId, tokens, cash, low, fetchedAt: this.now() };
    this.last = view;
    this.emit(view);
    return view;
  }

  /** Forget the cached balance (profile switch); the next read fetches. */
  invalidate(): void {
    this.last = undefined;
  }
}
