/**
 * A sandbox gateway in a process of its own, for the benchmarks that measure the studio apart from
 * the sandbox's renderers (day.ts, batch.ts, polling.ts), and the contract as a bench calls it.
 */
import { startChild, type Child } from './child.js';
import type { SignedIn } from '../../browser-shell/test/sign-in.js';

/** The sandbox's funded key (sandbox/core/accounts.ts). */
export const SANDBOX_KEY = 'sk-sandbox';

/** The sandbox CLI with `args`, its key's balance topped up: a bench's jobs cost more than the starting cash. */
export async function startFundedSandbox(args: string[]): Promise<Child> {
  const sandbox = await startChild('sandbox/cli.ts', ['--port', '0', ...args]);
  const topUp = await fetch(`${sandbox.url}/_sandbox/keys/${SANDBOX_KEY}/balances`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ balance: 100_000 }) });
  if (!topUp.ok) {
    await sandbox.stop();
    throw new Error(`the sandbox refused to top up its key (HTTP ${topUp.status})`);
  }
  return sandbox;
}

/** A contract call from the bench, with the page's own session (browser-shell/test/sign-in.ts). */
export async function hostCall<T>(session: SignedIn, method: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${session.origin}/api/call/${method}`, { method: 'POST', headers: { ...session.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value;
}

/**
 * Every job the studio knows: its task list, then the finished ones it moved to the archive
 * (the list keeps only the newest finished: host/tasks/task-archive.ts), a page at a time.
 */
export async function everyJob<T>(session: SignedIn): Promise<T[]> {
  const jobs = await hostCall<T[]>(session, 'tasks.list');
  let before: number | undefined;
  do {
    const page = await hostCall<{ tasks: T[]; next?: number }>(session, 'tasks.archived', { limit: 200, ...(before === undefined ? {} : { before }) });
    jobs.push(...page.tasks);
    before = page.next;
  } while (before !== undefined);
  return jobs;
}

/** The profile a creator would add in Settings for the sandbox at `url`, made active. */
export async function useSandboxProfile(session: SignedIn, url: string): Promise<void> {
  const profile = await hostCall<{ id: string }>(session, 'profiles.save', { name: 'Sandbox child', baseUrl: url, apiKey: SANDBOX_KEY });
  await hostCall(session, 'profiles.activate', { id: profile.id });
}
