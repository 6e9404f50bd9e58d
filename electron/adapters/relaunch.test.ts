/**
 * The desktop's "Restart now" (ports.ts, `restart`): Electron's relaunch, then the usual quit, so
 * the before-quit handler in main.ts closes the studio cleanly first (the queue drains, the
 * database closes). The `electron` module is the process boundary, mocked.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
let relaunchFails = false;
vi.mock('electron', () => ({
  app: {
    relaunch: () => {
      if (relaunchFails) throw new Error('relaunch is not available');
      calls.push('relaunch');
    },
    quit: () => calls.push('quit'),
  },
}));

const { relaunchApp } = await import('./relaunch.js');

beforeEach(() => {
  calls.length = 0;
  relaunchFails = false;
});

describe('the desktop restart', () => {
  it('asks Electron to start the app again, then quits through the usual shutdown once the answer is sent', async () => {
    const later: (() => void)[] = [];
    const restart = relaunchApp((run) => later.push(run));
    await restart();
    // The call's answer goes back to the window first: nothing has quit yet.
    expect(calls).toEqual(['relaunch']);
    later.forEach((run) => run());
    expect(calls).toEqual(['relaunch', 'quit']);
  });

  it('restarts once however often it is asked', async () => {
    const later: (() => void)[] = [];
    const restart = relaunchApp((run) => later.push(run));
    await restart();
    await restart();
    later.forEach((run) => run());
    expect(calls).toEqual(['relaunch', 'quit']);
  });

  it('rejects and does not quit when Electron cannot relaunch, so the restore waits for the next start', async () => {
    relaunchFails = true;
    const later: (() => void)[] = [];
    const restart = relaunchApp((run) => later.push(run));
    await expect(restart()).rejects.toThrow('relaunch is not available');
    expect(later).toHaveLength(0);
    expect(calls).toEqual([]);
  });
});
