/**
 * The desktop's native confirmation of a library move, with Electron's dialog stood in for and a
 * real core behind it: a forged `settings.update` from the page moves nothing unless the creator
 * clicks Move in the main process's box.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({ answers: [] as number[], shown: [] as Array<{ parent: unknown; options: any }>, locale: 'en-US' }));
vi.mock('electron', () => ({
  app: { getLocale: () => fake.locale },
  dialog: {
    showMessageBox: async (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [undefined, args[0]];
      fake.shown.push({ parent, options });
      return { response: fake.answers.shift() ?? 1, checkboxChecked: false };
    },
  },
}));

const { dialogConfirmation } = await import('./confirm-dialog.js');
const { openCore } = await import('@host/test/open-core.js');

const window = { isDestroyed: () => false };

async function desktopCore() {
  fake.shown = [];
  const c = await openCore({ shell: 'desktop', confirmOutside: dialogConfirmation(() => window as never) });
  return { ...c, before: (await c.value('settings.get')).libraryDir as string };
}

describe('the desktop confirms a library move in a native dialog', () => {
  it('Cancel leaves the library where it is', async () => {
    const c = await desktopCore();
    fake.answers = [1];
    const dir = join(c.ports.dataDir, 'Chosen by a script');
    const r = await c.call('settings.update', { libraryDir: dir });
    expect(r.error).toMatchObject({ code: 'aborted', param: 'libraryDir' });
    expect((await c.value('settings.get')).libraryDir).toBe(c.before);
    expect(fake.shown).toHaveLength(1);
    const { parent, options } = fake.shown[0];
    expect(parent).toBe(window);
    expect(options).toMatchObject({ type: 'question', message: `Move the library to ${dir}?`, buttons: ['Move', 'Cancel'], defaultId: 1, cancelId: 1 });
    expect(options.detail).toContain(c.before);
  });

  it('Move moves it', async () => {
    const c = await desktopCore();
    fake.answers = [0];
    const dir = join(c.ports.dataDir, 'Chosen');
    expect((await c.value('settings.update', { libraryDir: dir })).libraryDir).toBe(dir);
  });

  it('shows one box at a time: a page that asks again meanwhile is refused', async () => {
    let click!: (response: number) => void;
    const first = new Promise<number>((resolve) => (click = resolve));
    const confirm = dialogConfirmation(() => undefined);
    const { dialog } = await import('electron');
    const show = vi.spyOn(dialog, 'showMessageBox').mockImplementationOnce(async () => ({ response: await first, checkboxChecked: false }));
    const asking = confirm({ kind: 'library-move', from: '/home/me/Old', to: '/home/me/A', language: 'en' });
    expect(await confirm({ kind: 'library-move', from: '/home/me/Old', to: '/home/me/B', language: 'en' })).toBe('declined');
    click(0);
    expect(await asking).toBe('confirmed');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('speaks the studio’s language', async () => {
    const c = await desktopCore();
    await c.value('settings.update', { language: 'zh-CN' });
    fake.answers = [1];
    await c.call('settings.update', { libraryDir: join(c.ports.dataDir, 'X') });
    expect(fake.shown.at(-1)?.options).toMatchObject({ buttons: ['移动', '取消'] });
  });
});

describe('the desktop confirms the start of a local MCP command in a native dialog', () => {
  const marking = (marker: string) => ({
    transport: 'stdio' as const, name: 'Helpful tools', command: process.execPath,
    args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`], env: { TOKEN: 'a b' },
  });

  it('a forged start shows the exact command line; Cancel runs nothing, and Start runs it', async () => {
    const c = await desktopCore();
    const marker = join(c.ports.dataDir, 'ran.txt');
    const { id } = await c.value('mcp.add', { spec: marking(marker) });
    fake.answers = [1];
    const r = await c.call('mcp.connect', { id });
    expect(r.error).toMatchObject({ code: 'aborted', text: { code: 'mcp.server.declined' } });
    const { options } = fake.shown.at(-1)!;
    expect(options).toMatchObject({ type: 'warning', message: 'Start the MCP server "Helpful tools"?', buttons: ['Start', 'Cancel'], defaultId: 1, cancelId: 1 });
    expect(options.detail).toContain(`TOKEN='a b' ${process.execPath} -e 'require('"'"'fs'"'"')`);
    expect(existsSync(marker)).toBe(false);

    // A code typed into the page is no answer on the desktop: the box is asked again.
    fake.answers = [1];
    expect((await c.call('mcp.connect', { id, confirmCode: '123456' })).ok).toBe(false);
    expect(existsSync(marker)).toBe(false);

    fake.answers = [0];
    await c.call('mcp.connect', { id });
    await expect.poll(() => existsSync(marker)).toBe(true);
  });
});


describe('what a forged request puts in the native box', () => {
  // A clear-screen, OSC 52, a C1 CSI, the bidi override, zero-width characters, a real newline and a typed "\x0a".
  const HOSTILE = '\x1b[2J\x1b]52;c;b3duZWQ=\x07\x9b31m\u202egpj.exe\u200b\ufeff\\x0a\nFake line';
  const SHOWN = String.raw`\x1b[2J\x1b]52;c;b3duZWQ=\x07\x9b31m\u202egpj.exe\u200b\ufeff\\x0a\x0aFake line`;
  const hidden = (text: string) => [...text.matchAll(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu)].map((m) => m[0]).filter((c) => c !== '\n');

  it('shows a library folder escaped, every hidden character visible', async () => {
    const c = await desktopCore();
    fake.answers = [1];
    const dir = join(c.ports.dataDir, `Pictures ${HOSTILE}`);
    await c.call('settings.update', { libraryDir: dir });
    const { options } = fake.shown.at(-1)!;
    expect(options.message).toBe(`Move the library to ${join(c.ports.dataDir, 'Pictures ')}${SHOWN}?`);
    expect(hidden(options.message)).toEqual([]);
    expect(hidden(options.detail)).toEqual([]);
  });

  it('shows an MCP server’s name and command line escaped, a typed "\\x0a" unlike a real newline', async () => {
    const c = await desktopCore();
    fake.answers = [1];
    const spec = { transport: 'stdio' as const, name: `Notes ${HOSTILE}`, command: process.execPath, args: ['-e', 'a\\x0ab', 'a\nb', "it's"], env: {} };
    const { id } = await c.value('mcp.add', { spec });
    await c.call('mcp.connect', { id });
    const { options } = fake.shown.at(-1)!;
    expect(options.message).toBe(`Start the MCP server "Notes ${SHOWN}"?`);
    expect(options.detail).toContain(String.raw`${process.execPath} -e 'a\\x0ab' 'a\x0ab' 'it'"'"'s'`);
    expect(hidden(options.message)).toEqual([]);
    // The box's own paragraphs are its only line breaks.
    expect(hidden(options.detail)).toEqual([]);
    expect(options.detail.split('\n')).toHaveLength(5);
  });
});

describe('the desktop confirms a URL server in a native dialog before anything is sent to it', () => {
  it('a forged add shows the exact address; Cancel sends nothing, and Connect connects', async () => {
    const { listen } = await import('@host/test/listener.js');
    const target = await listen((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not here');
    });
    try {
      const c = await desktopCore();
      const url = `${target.url}/admin/../mcp`;
      const added = await c.value('mcp.add', { spec: { transport: 'http', name: 'Helpful tools', url }, token: 'tok-9999' });
      expect(added.state).toBe('unconfirmed');
      expect(fake.shown).toHaveLength(0);
      fake.answers = [1];
      expect((await c.call('mcp.connect', { id: added.id })).error).toMatchObject({ code: 'aborted', text: { code: 'mcp.server.urlDeclined' } });
      const { options } = fake.shown.at(-1)!;
      expect(options).toMatchObject({ type: 'warning', message: 'Connect to the MCP server "Helpful tools"?', buttons: ['Connect', 'Cancel'], defaultId: 1, cancelId: 1 });
      // The address as the studio would connect to it, not as the page wrote it.
      expect(options.detail).toContain(`\n\n${target.url}/mcp\n\n`);
      expect(target.heard).toEqual([]);

      fake.answers = [0];
      expect((await c.value('mcp.connect', { id: added.id })).state).toBe('failed');
      expect(target.heard.map((h) => h.path)).toContain('/mcp');
    } finally {
      await target.close();
    }
  });
});
