/** A contract call from the desktop window's page, through `window.studio` as the renderer makes it. */
import type { Page } from '@playwright/test';

export interface CallResult {
  ok: boolean;
  value?: any;
  error?: { code: string; message: unknown };
}

export function desktopCall(page: Page, method: string, input: unknown = {}): Promise<CallResult> {
  return page.evaluate(([m, i]) => (globalThis as any).studio[m](i), [method, input] as const);
}
