/**
 * The studio itself (`app.*`): the event-loop watchdog, the embedded sandbox gateway, the data
 * files found unreadable at start, and the page's kept workspace. Opened first, so a stall
 * anywhere in start-up is seen, and closed last, so the sandbox stops after everything that
 * calls it.
 */
import { join } from 'node:path';
import { defineModule } from '../module.js';
import { LoopWatchdog } from '../health/loop-watchdog.js';
import { StartupProblems } from '../startup-problems.js';
import { WorkspaceStore } from '../settings/workspace-store.js';

export const appModule = defineModule({
  name: 'app',
  async open({ ports, life, log, emit, now }) {
    // A shell's own watchdog is the shell's to stop.
    const watchdog = ports.watchdog ?? (await life.start('watchdog', () => new LoopWatchdog({ onStall: (ms) => log(`host: the event loop stalled for ${ms} ms`) }).start(), (w) => w.stop()));
    const sandbox = await life.start('sandbox gateway', () => ports.startSandbox(), (s) => s.close());
    // Every store reports a data file it could not read and kept aside; the renderer shows them.
    const problems = new StartupProblems(() => ports.secrets.unreadable?.() ?? [], (list) => emit('app.onDidChangeStartupProblems', list));
    const workspace = new WorkspaceStore(join(ports.dataDir, 'workspace.json'), log, problems.reporter('workspace'));
    life.started('workspace', () => workspace.close());
    return { watchdog, sandbox, problems, workspace, startedAt: now() };
  },
  handlers: ({ ports, use }) => {
    const { watchdog, sandbox, problems, workspace, startedAt } = use('app');
    return {
      'app.health': (i) => {
        const health = watchdog.health();
        if (i.reset) watchdog.reset();
        return health;
      },
      'app.info': () => ({ version: ports.version, shell: ports.shell, platform: ports.platform, sandboxUrl: sandbox.url, mediaBase: ports.mediaBase, startedAt }),
      'app.startupProblems': () => problems.list(),
      'app.workspace': () => workspace.all(),
      'app.keepWorkspace': (i) => workspace.set(i.key, i.value),
      'app.dismissStartupProblems': () => {
        problems.dismiss();
        return {};
      },
    };
  },
});
