/**
 * A slow disk for tests of the data files written off the loop (docs/robust-host.md, "Data files
 * written off the loop"): the fsync of the atomic writer's temp files whose target `heldDisk.slow`
 * names waits until `heldDisk.release()`; everything else is the real disk. A test file mocks
 * `node:fs/promises` with `withHeldSync` and drives `heldDisk`:
 *
 *   vi.mock('node:fs/promises', async (original) => (await import('../test/held-fsync.js')).withHeldSync(await original()));
 */
import { basename } from 'node:path';
import type * as Fsp from 'node:fs/promises';

export const heldDisk = {
  /** Whether the fsync of a write replacing `target` (a file name) waits. */
  slow: (_target: string): boolean => false,
  /** How many fsyncs wait now. */
  held: 0,
  waiting: [] as (() => void)[],
  /** Lets every waiting fsync go on; none waits from now on. */
  release(): void {
    heldDisk.slow = () => false;
    for (const go of heldDisk.waiting.splice(0)) go();
  },
};

export function withHeldSync(fsp: typeof Fsp): typeof Fsp {
  const open = (async (path: string, ...rest: unknown[]) => {
    const handle = await (fsp.open as (...a: unknown[]) => Promise<Fsp.FileHandle>)(path, ...rest);
    // The atomic writer's temp names: `.<target>.<pid>.<random>.tmp`.
    const target = /^\.(.+)\.\d+\.[0-9a-z]+\.tmp$/.exec(basename(String(path)))?.[1];
    if (!target || !heldDisk.slow(target)) return handle;
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      heldDisk.held += 1;
      await new Promise<void>((go) => heldDisk.waiting.push(go));
      heldDisk.held -= 1;
      return sync();
    };
    return handle;
  }) as typeof fsp.open;
  return { ...fsp, default: { ...fsp, open }, open } as typeof Fsp;
}
