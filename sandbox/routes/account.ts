/** Spec 4.1 and 4.2: balances of the calling key (never billed). */
import { sendEnvelope } from '../core/http.js';
import type { Route } from '../core/context.js';

export const accountRoutes: Route[] = [
  { method: 'GET', pattern: /^\/v1\/account\/token-balance$/, auth: true, handler: (s, c) => sendEnvelope(c.res, s.accounts.tokenView(c.account)) },
  { method: 'GET', pattern: /^\/v1\/account\/balance$/, auth: true, handler: (s, c) => sendEnvelope(c.res, s.accounts.cashView(c.account)) },
];
