/**
 * The frame the browser benchmarks share: the renderer built once, the browser shell started on a
 * fresh data folder (or several times on it), Chromium launched, and, whatever happens, all of it
 * closed and the temp folders removed. The run's conditions row comes first (priority raised, the
 * machine's load: lib/priority.ts), and the table prints once the body has measured: a scenario that
 * throws prints no table, which `bench/run.ts` reports as the scenario failing.
 *
 *   await benchRun('stream', async (run) => {
 *     const shell = await run.shell();
 *     const { page } = await run.studioPage(shell, [LONG_TASKS]);
 *     run.rows.push(…);
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { APP_INFO } from './chat-probes.js';
import { coldPage, launchChromium, networkIdle, openUntilReady, type ColdPage } from './chromium.js';
import { report, startShell, type Child, type Row } from './child.js';
import { conditionsRow, raisePriority } from './priority.js';
import { viteBuild, type Build } from './vite-build.js';
import { signIn, type SignedIn } from '../../browser-shell/test/sign-in.js';

export class BenchRun {
  /** The table, the conditions row first. */
  readonly rows: Row[];
  /** The studio's data folder, empty at the start: a scenario may write its fixture here first. */
  readonly dataDir: string;
  private built?: Promise<Build>;
  private launched?: Promise<Browser>;
  private readonly shells = new Set<Child>();
  private readonly cleanups: (() => unknown)[] = [];

  constructor(name: string, conditions: boolean) {
    this.rows = conditions ? [conditionsRow(raisePriority())] : [];
    this.dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  }

  /** The studio's renderer, built once per run into a temp folder. */
  build(): Promise<Build> {
    this.built ??= viteBuild();
    return this.built;
  }

  /** Headless Chromium with the tests' flags, launched once per run. */
  browser(): Promise<Browser> {
    this.launched ??= launchChromium();
    return this.launched;
  }

  /** The browser shell on this run's build and data folder; stopped at the end unless stopped before (`stopShell`). */
  async shell(extraArgs: readonly string[] = [], nodeFlags: readonly string[] = []): Promise<Child> {
    const build = await this.build();
    const child = await startShell(['--renderer', build.dir, '--data', this.dataDir, ...extraArgs], nodeFlags);
    this.shells.add(child);
    return child;
  }

  async stopShell(child: Child): Promise<void> {
    this.shells.delete(child);
    await child.stop();
  }

  /** The studio signed in on a fresh context, open until its first tab is usable and the network quiet. */
  async studioPage(shell: Child, initScripts: string[] = []): Promise<ColdPage & { readyMs: number; session: SignedIn }> {
    const session = await signIn(shell.url);
    const cold = await coldPage(await this.browser(), session, 'studio', initScripts);
    const readyMs = await openUntilReady(cold.page, cold.origin);
    await networkIdle(cold.page);
    return { ...cold, readyMs, session };
  }

  /** Something else to stop at the end (a sandbox child, a second browser), after the browser and shells. */
  onClose(cleanup: () => unknown): void {
    this.cleanups.push(cleanup);
  }

  /** A row for information: no budget, no verdict. */
  info(figure: string, value: string): void {
    this.rows.push({ figure, value, budget: '—', ok: null });
  }

  async close(): Promise<void> {
    // Each step on its own: a browser that failed to launch must not keep the shell running.
    const steps: (() => unknown)[] = [
      async () => (await this.launched?.catch(() => undefined))?.close(),
      ...[...this.shells].map((s) => () => s.stop()),
      ...this.cleanups,
      async () => (await this.built?.catch(() => undefined))?.remove(),
      () => rmSync(this.dataDir, { recursive: true, force: true }),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (err) {
        console.error(`bench clean-up: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

/** Runs `body` in a BenchRun named `name` (its temp folders say it), closes everything, then prints the table. */
export async function benchRun(name: string, body: (run: BenchRun) => Promise<void>, options: { conditions?: boolean } = {}): Promise<void> {
  const run = new BenchRun(name, options.conditions ?? true);
  try {
    await body(run);
  } finally {
    await run.close();
  }
  report(run.rows);
}

/** The studio's embedded sandbox streams unpaced from now on (it paces chunks 20 ms apart by default): the host is then the limit. */
export async function unpaceSandbox(page: Page): Promise<void> {
  const { sandboxUrl } = (await page.evaluate(APP_INFO)) as { sandboxUrl: string };
  const paced = await fetch(`${sandboxUrl}/_sandbox/pace`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"ms":0}' });
  if (!paced.ok) throw new Error(`the sandbox refused to unpace its streams (HTTP ${paced.status})`);
}

/**
 * `runs` pairs of `a` and `b`, which goes first alternating from pair to pair so that neither
 * always follows the other (lib/paired.ts), after one unmeasured run of each (it warms the JIT,
 * lazy chunks and the host's code paths).
 */
export async function alternating<A, B>(runs: number, a: () => Promise<A>, b: () => Promise<B>): Promise<{ a: A[]; b: B[] }> {
  await a();
  await b();
  const out = { a: [] as A[], b: [] as B[] };
  for (let i = 0; i < runs; i++) {
    if (i % 2) out.b.push(await b());
    out.a.push(await a());
    if (!(i % 2)) out.b.push(await b());
  }
  return out;
}
