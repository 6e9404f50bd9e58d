/**
 * Gateway profiles and their keys. Keys go into the secrets port and never come back out through
 * the contract: views carry only `hasKey` and a masked tail (docs/house-rules.md, "Secrets are
 * write-only").
 */
import { randomUUID } from 'node:crypto';
import {
  SANDBOX_PROFILE_ID, type ConnectionTest, type KeyStorage, type ProfilesView, type ProfileView, type SaveProfileInput,
} from '@shared/contract/profiles.js';
import { CashBalance, TokenBalance } from '@shared/gateway/wire.js';
import { GatewayClient } from '../gateway/client.js';
import { GatewayFailure } from '../gateway/failure.js';
import { coreError, textOf } from '../errors.js';
import { msg, type Message } from '@shared/messages/index.js';
import type { SecretsPort } from '../ports.js';
import type { SettingsStore } from './settings-store.js';

/** The embedded sandbox's funded key: internal, never shown. */
export const SANDBOX_KEY = 'sk-sandbox';

/** A test's verdict: what to show (translated where shown) and its English. */
const said = (text: Message) => ({ message: text.message, text });

export interface Connection {
  profileId: string;
  client: GatewayClient;
}

export class ProfileService {
  constructor(
    private readonly store: SettingsStore,
    private readonly secrets: SecretsPort,
    private readonly sandboxUrl: string,
    private readonly makeClient: (baseUrl: string, apiKey: string, profileId: string) => GatewayClient,
    private readonly emit: (view: ProfilesView) => void,
  ) {}

  private view(id: string): ProfileView {
    if (id === SANDBOX_PROFILE_ID) {
      return { id, name: 'Offline sandbox', kind: 'sandbox', baseUrl: this.sandboxUrl, hasKey: true };
    }
    const p = this.store.get().profiles.find((x) => x.id === id);
    if (!p) throw coreError('not_found', msg('app.profiles.gone'));
    const key = this.secrets.get(id);
    // A key this shell cannot open (the desktop's keychain) still counts as saved, without a tail:
    // the profile is not "missing a key", and using it says where the key can be used.
    const held = !key && !!this.secrets.heldElsewhere?.(id);
    return { id, name: p.name, kind: 'gateway', baseUrl: p.baseUrl, hasKey: !!key || held, ...(key ? { keyTail: `…${key.slice(-4)}` } : {}) };
  }

  list(): ProfilesView {
    const s = this.store.get();
    return { profiles: [SANDBOX_PROFILE_ID, ...s.profiles.map((p) => p.id)].map((id) => this.view(id)), activeId: s.activeId };
  }

  activeId(): string {
    return this.store.get().activeId;
  }

  keyStorage(): KeyStorage {
    return { backend: this.secrets.backend(), consentGiven: this.store.get().allowPlaintextKeys };
  }

  allowPlaintextKeys(allow: boolean): KeyStorage {
    this.store.update((d) => { d.allowPlaintextKeys = allow; });
    return this.keyStorage();
  }

  save(input: SaveProfileInput): ProfileView {
    if (input.id === SANDBOX_PROFILE_ID) throw coreError('invalid_input', msg('app.profiles.sandboxNotEditable'), 'id');
    if (input.id && !this.store.get().profiles.some((p) => p.id === input.id)) throw coreError('not_found', msg('app.profiles.gone'));
    if (input.apiKey && this.secrets.backend() === 'plaintext' && !this.store.get().allowPlaintextKeys) {
      throw coreError('consent_required', msg('app.profiles.plaintextConsent'), 'apiKey');
    }
    const id = input.id ?? randomUUID();
    const baseUrl = input.baseUrl.replace(/\/+$/, '');
    // A key goes only to the address it was saved for: pointing a profile elsewhere (a forged
    // call from the renderer, which shows model output, or a slip) drops it (docs/security.md).
    const before = this.store.get().profiles.find((p) => p.id === id);
    if (before && before.baseUrl !== baseUrl && !input.apiKey) this.secrets.delete(id);
    if (input.apiKey) this.secrets.set(id, input.apiKey);
    this.store.update((d) => {
      const existing = d.profiles.find((p) => p.id === id);
      if (existing) Object.assign(existing, { name: input.name, baseUrl });
      else d.profiles.push({ id, name: input.name, baseUrl });
    });
    this.emit(this.list());
    return this.view(id);
  }

  remove(id: string): ProfilesView {
    if (id === SANDBOX_PROFILE_ID) throw coreError('invalid_input', msg('app.profiles.sandboxNotRemovable'), 'id');
    this.view(id);
    this.store.update((d) => {
      d.profiles = d.profiles.filter((p) => p.id !== id);
      if (d.activeId === id) d.activeId = SANDBOX_PROFILE_ID;
    });
    this.secrets.delete(id);
    const view = this.list();
    this.emit(view);
    return view;
  }

  activate(id: string): ProfilesView {
    this.view(id);
    this.store.update((d) => { d.activeId = id; });
    const view = this.list();
    this.emit(view);
    return view;
  }

  clearKey(id: string): ProfileView {
    if (id === SANDBOX_PROFILE_ID) throw coreError('invalid_input', msg('app.profiles.sandboxBuiltInKey'), 'id');
    this.view(id);
    this.secrets.delete(id);
    this.emit(this.list());
    return this.view(id);
  }

  /** A client for a profile; the active one unless `id` is given. */
  connect(id = this.activeId()): Connection {
    if (id === SANDBOX_PROFILE_ID) return { profileId: id, client: this.makeClient(this.sandboxUrl, SANDBOX_KEY, id) };
    const p = this.view(id);
    const key = this.secrets.get(id);
    if (!key && this.secrets.heldElsewhere?.(id)) {
      throw coreError('unauthorized', msg('app.profiles.keyInDesktopKeychain', { name: p.name }));
    }
    if (!key) throw coreError('unauthorized', msg('app.profiles.noKeyYet', { name: p.name }));
    return { profileId: id, client: this.makeClient(p.baseUrl, key, id) };
  }

  /** Tells apart a rejected key, an unreachable URL and a balance problem ("Test connection" in Settings). */
  async test(id: string): Promise<ConnectionTest> {
    let client: GatewayClient;
    try {
      client = this.connect(id).client;
    } catch (err) {
      const text = textOf(err);
      return { outcome: 'rejected_key', message: text.message, text };
    }
    try {
      const [tokens, cash] = await Promise.all([
        client.json({ method: 'GET', path: '/v1/account/token-balance', timeoutMs: 10_000 }, TokenBalance),
        client.json({ method: 'GET', path: '/v1/account/balance', timeoutMs: 10_000 }, CashBalance),
      ]);
      const empty = tokens.token_balance <= 0 && cash.balance + cash.credit_balance <= 0;
      return {
        outcome: empty ? 'balance_problem' : 'ok',
        ...said(msg(empty ? 'app.profiles.connectedNoBalance' : 'app.profiles.connected')),
        tokenBalance: tokens.token_balance,
        cashBalance: cash.balance,
        currency: cash.currency,
      };
    } catch (err) {
      const f = err instanceof GatewayFailure ? err : coreError('internal', textOf(err));
      const outcome = f.code === 'unauthorized' ? 'rejected_key'
        : f.code === 'unreachable' || f.code === 'timeout' ? 'unreachable'
          : f.code === 'payment_required' ? 'balance_problem' : 'error';
      return { outcome, ...said(f.text) };
    }
  }
}
