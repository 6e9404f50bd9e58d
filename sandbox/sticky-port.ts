/**
 * The embedded sandbox listens on the same port at every start when that port is free
 * (docs/robust-host.md, "Nothing paid for is stranded"): the result links of jobs saved across a
 * restart name the port, and a new port every start left every such link dead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from './server.js';

const PORT_FILE = 'port';

function lastPort(dataDir: string): number {
  try {
    const port = Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 1024 && port < 65536 ? port : 0;
  } catch {
    return 0;
  }
}

export async function startStickySandbox(options: Omit<SandboxOptions, 'port'> & { dataDir: string }): Promise<Sandbox> {
  const want = lastPort(options.dataDir);
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ ...options, port: want });
  } catch (err) {
    // Taken by another program since: any free port, and the studio asks for fresh links.
    if (want === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    sandbox = await startSandbox({ ...options, port: 0 });
  }
  if (sandbox.port !== want) {
    try {
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(join(options.dataDir, PORT_FILE), String(sandbox.port));
    } catch {
      // Best effort: without it the next start picks a new port, as before.
    }
  }
  return sandbox;
}
