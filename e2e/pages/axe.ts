/**
 * axe-core in the studio's page (accessibility checks). The studio's CSP forbids inline scripts, so axe is
 * not added as a <script>: its source is evaluated through the DevTools protocol (which the page's
 * CSP does not govern), leaving the CSP exactly as in production.
 */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; summary: string; impact: AxeImpact | null }[];
}

/** Runs axe over the whole document as it is now and returns every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // The e2e project compiles without the DOM lib: axe and document are reached through globalThis.
    const g = globalThis as any;
    const results = await g.axe.run(g.document, { resultTypes: ['violations'] });
    return results.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n: any) => ({
        target: n.target.map((t: unknown) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
        html: n.html,
        summary: n.failureSummary ?? '',
        impact: n.impact ?? null,
      })),
    }));
  });
}

const SEVERE: readonly (AxeImpact | null)[] = ['serious', 'critical'];

/** One readable block per violation: impact, rule, what it asks, then each element and why. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => {
    // Not "at …": Playwright would take such lines for a stack trace and cut the message there.
    const nodes = v.nodes.map((n) => `  - element ${n.target.join(', ')}\n      ${n.html.slice(0, 160)}\n      ${n.summary.replace(/\n\s*/g, ' | ')}`);
    return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
  });
}

/**
 * Asserts axe finds nothing serious or critical on the page as it is now; `where` names the
 * state in the failure message. `soft` lets the test go on to check its other states and fail
 * at the end with all of them. Returns the milder findings, for the caller to report.
 */
export async function expectNoSeriousViolations(page: Page, where: string, { soft = false } = {}): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const severe = violations.filter((v) => SEVERE.includes(v.impact));
  // The message carries the readable list; the matcher only compares the count.
  const message = `axe found ${severe.length} serious or critical violation(s) in ${where}:\n${describeViolations(severe).join('\n')}\n`;
  (soft ? expect.soft : expect)(severe.length, message).toBe(0);
  return violations.filter((v) => !SEVERE.includes(v.impact));
}
