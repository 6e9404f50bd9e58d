/**
 * The embedded sandbox on the port it had last time (media/sticky-port.ts): the result links of
 * jobs saved across a restart name the port (docs/robust-host.md, "Nothing paid for is stranded").
 */
import { join } from 'node:path';
import { listenSticky } from '@media/sticky-port.js';
import { startSandbox, type Sandbox, type SandboxOptions } from './server.js';

const PORT_FILE = 'port';

export async function startStickySandbox(options: Omit<SandboxOptions, 'port'> & { dataDir: string }): Promise<Sandbox> {
  // Taken by another program since: any free port, and the studio asks for fresh links.
  const { server } = await listenSticky(join(options.dataDir, PORT_FILE), (port) => startSandbox({ ...options, port }));
  return server;
}
