// @vitest-environment happy-dom
/**
 * The desktop's IPC door (transport.ts): a call the main process answers with an error (Electron's
 * "Error invoking remote method …", e.g. a build that lacks one handler) is that call's failure,
 * not a lost host. Taken for a loss, it made the page read everything again each time the host
 * answered the probe, so the failing call's view flickered between "Loading…" and its error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Bridge = Record<string, (input: unknown) => Promise<unknown>>;

async function desktopWith(bridge: Bridge) {
  vi.resetModules();
  // Every method of the bridge a test does not name answers; the named ones decide.
  (window as unknown as { studio: unknown }).studio = new Proxy(bridge, {
    get: (target, name: string) => target[name] ?? (async () => ({ ok: true, value: {} })),
  });
  const transport = await import('./transport.js');
  const connection = await import('./connection.js');
  return { ...transport, ...connection };
}

afterEach(() => {
  delete (window as unknown as { studio?: unknown }).studio;
  vi.useRealTimers();
});

describe('a desktop call the main process answers with an error', () => {
  it('fails that call only: the page does not say it lost its host, and reads nothing again', async () => {
    const listed = vi.fn(async () => {
      throw new Error("Error invoking remote method 'studio:call:profiles.list': Error: No handler registered for 'studio:call:profiles.list'");
    });
    const d = await desktopWith({ 'profiles.list': listed });
    const reread = vi.fn();
    d.onReconnect(reread);
    await expect(d.call('profiles.list', {})).rejects.toMatchObject({ code: 'internal' });
    expect(d.connectionState().state).toBe('online');
    // A probe would have found the host answering and made the page read everything again.
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reread).not.toHaveBeenCalled();
    expect(listed).toHaveBeenCalledTimes(1);
  });

  it('still says the host is lost when the call never reached it', async () => {
    const d = await desktopWith({ 'profiles.list': async () => { throw new Error('An object could not be cloned.'); } });
    await expect(d.call('profiles.list', {})).rejects.toMatchObject({ code: 'internal', retryable: true });
    expect(d.connectionState().state).toBe('lost');
  });
});
