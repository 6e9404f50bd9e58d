/**
 * A contract call from the studio's own page, as its renderer makes one: same origin, the session
 * cookie, and the tab's session secret (renderer/src/api/session.ts keeps it in sessionStorage).
 * Answers the host's Result, whatever it is.
 */
import type { Page } from '@playwright/test';

export interface CallResult {
  ok: boolean;
  value?: any;
  error?: { code: string; message: string; param?: string };
}

export function pageCall(page: Page, method: string, input: unknown = {}): Promise<CallResult> {
  return page.evaluate(async ([m, i]) => {
    const g = globalThis as any;
    const api = String(g.sessionStorage.getItem('gateway-studio:session') ?? '').split('.')[0];
    const res = await g.fetch(`/api/call/${m}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Studio-Session': api }, body: JSON.stringify(i) });
    return res.json();
  }, [method, input] as const);
}
