/**
 * The knobs of the core, apart from its side effects (ports.ts): polling cadence, the clock, time
 * and size limits. A shell leaves them out and gets the spec's and the studio's own; tests turn
 * them to run fast or to reach a limit without waiting for it.
 */
import type { Cadence } from './tasks/cadence.js';
import type { StreamTiming } from './chat/reply-stream.js';
import type { McpLimits } from './mcp/mcp-host.js';
import type { LedgerTimer } from './ledger/balance-reads.js';

export interface CoreOptions {
  /** Polling cadence; the spec's (§4.9) unless a test speeds it up. */
  cadence?: Cadence;
  /** The clock, in epoch milliseconds. */
  now?: () => number;
  /** Result downloads' time limits; tests shorten them. */
  downloadTimeouts?: { openMs: number; idleMs: number };
  /** Chat stream batching, saving and stall limits; tests shorten them. */
  chatTiming?: Partial<StreamTiming>;
  /** MCP time and size limits (docs/mcp.md, "Limits"); tests shorten them. */
  mcpLimits?: Partial<McpLimits>;
  /** The ledger's balance reads: their clock (a fake one in tests) and shortest interval (docs/ledger.md). */
  ledgerTimer?: LedgerTimer;
  ledgerReadIntervalMs?: number;
}

const OPTION_KEYS = ['cadence', 'now', 'downloadTimeouts', 'chatTiming', 'mcpLimits', 'ledgerTimer', 'ledgerReadIntervalMs'] as const satisfies readonly (keyof CoreOptions)[];

/**
 * Splits one bag of test overrides into ports and options, so a test helper can take both in
 * one argument as before (host/test/open-core.ts and friends).
 */
export function splitOptions<T extends object>(bag: T & CoreOptions): { ports: Omit<T, keyof CoreOptions>; options: CoreOptions } {
  const ports: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(bag)) ((OPTION_KEYS as readonly string[]).includes(k) ? options : ports)[k] = v;
  return { ports: ports as Omit<T, keyof CoreOptions>, options: options as CoreOptions };
}
