/**
 * What both shells do to start and stop the studio, in one place (docs/robust-host.md, "Start and
 * shutdown"): open the core (which starts the embedded sandbox gateway through its port), serve
 * it (the desktop's IPC, protocols and window; the browser shell's HTTP server), and resume the
 * work left from the last run only once the page is served, so nothing resumed can delay the
 * start. Close runs the other way: stop serving, then the core, whose own close ends replies,
 * jobs, the library and then the sandbox. A step that fails closes every step before it.
 */
import { createCore } from './index.js';
import { Lifecycle } from './lifecycle.js';
import type { Core } from './core-api.js';
import type { CoreOptions } from './options.js';
import type { CorePorts } from './ports.js';

export interface Served {
  close(): Promise<void> | void;
  /** Settles once the page is served; the work left from the last run resumes then. */
  ready?: Promise<unknown>;
}

export interface ShellBootOptions {
  ports: CorePorts;
  /** The core's knobs (options.ts); a launch leaves them out. */
  options?: CoreOptions;
  /** Carries the core to the page; its `close` stops that before the core closes. */
  serve(core: Core): Promise<Served> | Served;
}

export interface BootedShell {
  core: Core;
  /** The embedded sandbox gateway's address (the built-in "Offline sandbox" profile). */
  sandboxUrl?: string;
  /** Stops serving, then closes the core; once, however often it is called. */
  close(): Promise<void>;
}

export async function bootShell(options: ShellBootOptions): Promise<BootedShell> {
  const life = new Lifecycle(options.ports.log);
  return life.boot(async () => {
    const core = await life.start('core', () => createCore(options.ports, options.options), (c) => c.close());
    const info = await core.call('app.info', {});
    if (!info.ok) throw new Error(info.error.message);
    const served = await life.start('serving', () => options.serve(core), (s) => s.close());
    const resume = () => core.resumeWork();
    if (served.ready) served.ready.then(resume, resume);
    else resume();
    return { core, sandboxUrl: info.value.sandboxUrl, close: () => life.close() };
  });
}
