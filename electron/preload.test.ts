import { describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, IPC_EVENT_CHANNEL, METHOD_NAMES, ipcChannel } from '@shared/contract/index.js';

const fake = vi.hoisted(() => ({
  exposed: [] as Array<[string, any]>,
  ipcListeners: new Map<string, Array<(event: unknown, message: unknown) => void>>(),
  invoke: undefined as any,
}));

vi.mock('electron', () => {
  fake.invoke = vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } }));
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.push([key, api]) },
    ipcRenderer: {
      invoke: fake.invoke,
      on: (channel: string, listener: any) => {
        fake.ipcListeners.set(channel, [...(fake.ipcListeners.get(channel) ?? []), listener]);
      },
    },
  };
});

await import('./preload.js');
const [[worldKey, studio]] = fake.exposed;

/** What main sends with webContents.send(IPC_EVENT_CHANNEL, message). */
function deliver(message: unknown) {
  const sender = { secret: 'the raw ipcRenderer' };
  for (const listener of fake.ipcListeners.get(IPC_EVENT_CHANNEL) ?? []) listener({ sender }, message);
}

describe('preload bridge', () => {
  it('exposes one object, window.studio, with exactly the contract methods and events', () => {
    expect(fake.exposed).toHaveLength(1);
    expect(worldKey).toBe('studio');
    expect(Object.keys(studio).sort()).toEqual([...METHOD_NAMES, ...EVENT_NAMES].sort());
    for (const value of Object.values(studio)) expect(typeof value).toBe('function');
  });

  it('passes on only the input: extra arguments cannot pick another channel or add data', async () => {
    fake.invoke.mockClear();
    await studio['settings.get']({}, ipcChannel('profiles.save'), { apiKey: 'sk-smuggled' });
    expect(fake.invoke.mock.calls).toEqual([[ipcChannel('settings.get'), {}]]);
  });

  it('listens on the event channel only', () => {
    expect([...fake.ipcListeners.keys()]).toEqual([IPC_EVENT_CHANNEL]);
  });

  it.each(METHOD_NAMES)('%s invokes only its own derived channel', async (method) => {
    fake.invoke.mockClear();
    const input = { probe: method };
    const result = await studio[method](input);
    expect(fake.invoke).toHaveBeenCalledTimes(1);
    expect(fake.invoke).toHaveBeenCalledWith(ipcChannel(method), input);
    expect(result).toEqual({ ok: true, value: { channel: ipcChannel(method), input } });
  });

  it.each(EVENT_NAMES)('%s delivers only its own payloads, and stops after unsubscribe', (name) => {
    const other = EVENT_NAMES.find((e) => e !== name) ?? 'not.an.event';
    const listener = vi.fn();
    const unsubscribe = studio[name](listener);
    expect(typeof unsubscribe).toBe('function');

    deliver({ event: name, payload: { n: 1 } });
    deliver({ event: other, payload: { n: 2 } });
    deliver({ event: 'not.an.event', payload: { n: 3 } });
    deliver('garbage');
    expect(listener.mock.calls).toEqual([[{ n: 1 }]]); // the payload only, never the IPC event

    unsubscribe();
    deliver({ event: name, payload: { n: 4 } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const [name] = EVENT_NAMES;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    const offBad = studio[name](() => { throw new Error('boom'); });
    const offGood = studio[name](good);
    deliver({ event: name, payload: 1 });
    expect(good).toHaveBeenCalledWith(1);
    offBad();
    offGood();
    error.mockRestore();
  });

  it('rejects a subscription without a listener function', () => {
    expect(() => studio[EVENT_NAMES[0]]('not a function')).toThrow(TypeError);
  });
});
