/**
 * The core built from its module list (modules.ts, assemble.ts) attacked as a newcomer adding a
 * domain would get it wrong: a contract call left without a handler, one call claimed by two
 * modules, a module that uses one listed after it. Each is refused at start, by name, and what
 * had started (the sandbox gateway) is closed again.
 */
import { describe, expect, it } from 'vitest';
import { createCore } from './index.js';
import { defineModule, type DomainModule } from './module.js';
import { MODULES } from './modules.js';
import { testPorts } from './test/file-ports.js';

/** Test ports whose sandbox gateway says whether it is still running. */
function watchedPorts() {
  const ports = testPorts();
  const sandbox = { started: 0, closed: 0 };
  const start = ports.startSandbox;
  ports.startSandbox = async () => {
    const s = await start();
    sandbox.started++;
    return { url: s.url, close: async () => { sandbox.closed++; await s.close(); } };
  };
  return { ports, sandbox };
}

const named = (name: string) => MODULES.find((m) => m.name === name)!;

describe('the core, built from its module list', () => {
  it('answers every contract call from the studio\'s own list', async () => {
    const { ports } = watchedPorts();
    const core = await createCore(ports);
    try {
      expect((await core.call('app.info', {})).ok).toBe(true);
      expect((await core.call('mcp.list', {})).ok).toBe(true);
    } finally {
      await core.close();
      ports.cleanup();
    }
  });

  it('refuses to start when a contract call has no handler, naming the calls, and closes what it started', async () => {
    const { ports, sandbox } = watchedPorts();
    const withoutMcp = MODULES.filter((m) => m.name !== 'mcp' && m.name !== 'chat');
    await expect(createCore(ports, {}, withoutMcp)).rejects.toThrow(/no module handles .*"chat\.send".*"mcp\.list"/);
    expect(sandbox).toEqual({ started: 1, closed: 1 });
    ports.cleanup();
  });

  it('refuses to start when two modules claim one call', async () => {
    const { ports, sandbox } = watchedPorts();
    const app = named('app') as DomainModule<'app'>;
    // A second module answering `app.info` as well (listed under another name, so only the claim clashes).
    const rival = { ...named('account'), handlers: (ctx) => ({ ...named('account').handlers!(ctx), 'app.info': app.handlers!(ctx)['app.info'] }) } as DomainModule;
    const list = MODULES.map((m) => (m.name === 'account' ? rival : m));
    await expect(createCore(ports, {}, list)).rejects.toThrow('"app.info" is handled by both "app" and "account"');
    expect(sandbox).toEqual({ started: 1, closed: 1 });
    ports.cleanup();
  });

  it('refuses a module that uses one listed after it, or one not listed, and one listed twice', async () => {
    const { ports, sandbox } = watchedPorts();
    const chatFirst = [named('app'), named('chat'), ...MODULES.filter((m) => m.name !== 'app' && m.name !== 'chat')];
    await expect(createCore(ports, {}, chatFirst)).rejects.toThrow('"chat" uses "settings", which is listed after it');
    const noSettings = MODULES.filter((m) => m.name !== 'settings');
    await expect(createCore(ports, {}, noSettings)).rejects.toThrow('"account" uses "settings", which is not listed');
    await expect(createCore(ports, {}, [...MODULES, named('mcp')])).rejects.toThrow('"mcp" is listed twice');
    expect(sandbox.closed).toBe(sandbox.started);
    ports.cleanup();
  });

  it('refuses a handler for a call the contract does not have', async () => {
    const { ports } = watchedPorts();
    const extra = defineModule({ name: 'chat', open: () => ({}) as never, handlers: () => ({ 'chat.nothing': () => ({}) }) as never });
    const list = [...MODULES.filter((m) => m.name !== 'chat'), { ...named('chat'), handlers: (ctx) => ({ ...named('chat').handlers!(ctx), ...extra.handlers!(ctx) }) } as DomainModule];
    await expect(createCore(ports, {}, list)).rejects.toThrow('"chat" handles "chat.nothing", which the contract does not have');
    ports.cleanup();
  });
});
