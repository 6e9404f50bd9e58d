/**
 * A slow or full disk for tests of the data files written off the loop (docs/robust-host.md,
 * "Data files written off the loop"): the fsync of a file whose name `heldDisk.slow` accepts (for
 * the atomic writer's temp files, the name of the file they replace) waits until
 * `heldDisk.release()`, and one whose name `heldDisk.full` accepts fails with ENOSPC; everything
 * else is the real disk. A test file mocks `node:fs/promises` with `withHeldSync` and drives
 * `heldDisk`:
 *
 *   vi.mock('node:fs/promises', async (original) => (await import('./held-fsync.js')).withHeldSync(await original()));
 */
import { basename } from 'node:path';
import type * as Fsp from 'node:fs/promises';

export const heldDisk = {
  /** Whether the fsync of a write replacing `target` (a file name) waits. */
  slow: (_target: string): boolean => false,
  /** Whether the fsync of a write to `target` fails as on a full disk. */
  full: (_target: string): boolean => false,
  /** How many fsyncs wait now. */
  held: 0,
  waiting: [] as (() => void)[],
  /** Lets every waiting fsync go on; none waits from now on. */
  release(): void {
    heldDisk.slow = () => false;
    heldDisk.full = () => false;
    for (const go of heldDisk.waiting.splice(0)) go();
  },
};

export function withHeldSync(fsp: typeof Fsp): typeof Fsp {
  const open = (async (path: string, ...rest: unknown[]) => {
    const handle = await (fsp.open as (...a: unknown[]) => Promise<Fsp.FileHandle>)(path, ...rest);
    // The atomic writer's temp names: `.<target>.<pid>.<random>.tmp`.
    const name = basename(String(path));
    const target = /^\.(.+)\.\d+\.[0-9a-z]+\.tmp$/.exec(name)?.[1] ?? name;
    if (!heldDisk.slow(target) && !heldDisk.full(target)) return handle;
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      if (heldDisk.full(target)) throw Object.assign(new Error(`ENOSPC: no space left on device, fsync`), { code: 'ENOSPC' });
      heldDisk.held += 1;
      await new Promise<void>((go) => heldDisk.waiting.push(go));
      heldDisk.held -= 1;
      return sync();
    };
    return handle;
  }) as typeof fsp.open;
  return { ...fsp, default: { ...fsp, open }, open } as typeof Fsp;
}
