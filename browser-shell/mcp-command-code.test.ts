/**
 * The browser shell's terminal code for starting an MCP server's local command, with a real core
 * and the demo server as a real process (docs/mcp.md, "Starting a local command"): the code goes
 * only to the terminal, with the exact command line, and the page's guesses start nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openCore } from '@host/test/open-core.js';
import { closeDemos, demoHttp, demoStdio } from '@host/mcp/test/demo.js';
import { listen } from '@host/test/listener.js';
import { terminalConfirmation } from './confirm-code.js';
import { toTerminal } from './main.js';

afterEach(closeDemos);

const stateOf = async (c: Awaited<ReturnType<typeof openCore>>, id: string) => (await c.value('mcp.list')).find((s: any) => s.id === id);

describe('starting a local MCP command from the browser shell', () => {
  it('runs, in the browser shell, only with the code printed in the terminal, which shows the exact command line', async () => {
    const printed: string[] = [];
    const c = await openCore({ confirmOutside: terminalConfirmation({ log: (l) => printed.push(l), draw: () => '424242' }) });
    const spec = demoStdio('Notes', { NOTES_MODE: "it's plain" });
    const { id } = await c.value('mcp.add', { spec });
    const first = await c.call('mcp.connect', { id });
    expect(first.error).toMatchObject({ code: 'confirmation_required', text: { code: 'mcp.server.needsCode' } });
    expect(printed.slice(-3)).toEqual([
      'The studio was asked to start the MCP server "Notes", which runs this command on this computer:',
      `    NOTES_MODE='it'"'"'s plain' ${process.execPath} --import tsx ${spec.args[2]}`,
      "If you trust it, enter this code in the studio's Settings: 424242 (valid for 5 minutes).",
    ]);

    expect((await c.call('mcp.connect', { id, confirmCode: '111111' })).error).toMatchObject({ code: 'confirmation_required', param: 'confirmCode' });
    expect((await stateOf(c, id)).state).toBe('unconfirmed');

    const view = await c.value('mcp.connect', { id, confirmCode: '424242' });
    expect(view.state).toBe('connected');
    expect(view.tools.map((t: any) => t.exposedName)).toEqual(
      ['Notes__list_notes', 'Notes__read_note', 'Notes__search_notes', 'Notes__count_words', 'Notes__wait', 'Notes__repeat']);
    // The page never saw the code; it sees the change as an event.
    expect(c.events.filter((e) => e.event === 'mcp.onDidChange').at(-1)?.payload[0].state).toBe('connected');
  });

  it('takes no code printed for one command line to start another that would look the same (a typed "\\x0a" against a real newline)', async () => {
    const printed: string[] = [];
    const codes = ['111111', '222222'];
    const c = await openCore({ confirmOutside: terminalConfirmation({ log: toTerminal((l) => printed.push(l)), draw: () => codes.shift()! }) });
    const spec = (code: string) => ({ transport: 'stdio' as const, name: 'Notes', command: process.execPath, args: ['-e', code], env: {} });
    // A backslash, an x, a zero and an a, as typed; and a real newline.
    const typed = await c.value('mcp.add', { spec: spec('void "\\x0a"') });
    const real = await c.value('mcp.add', { spec: spec('void "\n"') });
    await c.call('mcp.connect', { id: typed.id });
    expect(printed.at(-2)).toBe(`    ${process.execPath} -e 'void "\\\\x0a"'`);
    // The page starts the other server with the code the creator read for the first.
    const forged = await c.call('mcp.connect', { id: real.id, confirmCode: '111111' });
    expect(forged.error).toMatchObject({ code: 'confirmation_required', param: 'confirmCode' });
    expect((await stateOf(c, real.id)).state).toBe('unconfirmed');
  });
});

describe('connecting to a URL server from the browser shell', () => {
  it('sends nothing until the code printed in the terminal with the exact address is given', async () => {
    const printed: string[] = [];
    const c = await openCore({ confirmOutside: terminalConfirmation({ log: (l) => printed.push(l), draw: () => '515151' }) });
    const bystander = await listen((_req, res) => res.end());
    try {
      const forged = await c.value('mcp.add', { spec: { transport: 'http', name: 'Forged', url: `${bystander.url}/mcp` } });
      expect((await c.call('mcp.connect', { id: forged.id })).error).toMatchObject({ code: 'confirmation_required', text: { code: 'mcp.server.urlNeedsCode' } });
      expect(printed.slice(-3).join('\n')).toContain(`MCP server "Forged"`);
      expect(printed.at(-2)).toBe(`    ${bystander.url}/mcp`);
      for (const guess of ['000000', '123456']) expect((await c.call('mcp.connect', { id: forged.id, confirmCode: guess })).ok).toBe(false);
      expect(bystander.heard).toEqual([]);
    } finally {
      await bystander.close();
    }

    const demo = await demoHttp();
    const { id } = await c.value('mcp.add', { spec: { transport: 'http', name: 'Remote', url: demo.url } });
    await c.call('mcp.connect', { id });
    expect(printed.at(-2)).toContain(demo.url);
    expect((await c.value('mcp.connect', { id, confirmCode: '515151' })).state).toBe('connected');
  });
});
