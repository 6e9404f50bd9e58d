/** The `app.*` calls: health, version and shell, start-up problems. */
import type { DomainHandlers } from '../dispatch.js';
import type { CoreServices } from '../services.js';

export function appHandlers({ ports, watchdog, sandbox, problems, workspace }: CoreServices): DomainHandlers<'app'> {
  const startedAt = (ports.now ?? Date.now)();
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
}
