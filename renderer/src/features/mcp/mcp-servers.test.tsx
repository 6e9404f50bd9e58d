// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpServerSpec, McpServerView } from '@shared/contract/index.js';
import { msg } from '@shared/messages/index.js';
import { setLanguage } from '../../i18n/index.js';
import { fakeHost, hostError, type Answers } from '../../test/fake-host.js';
import { button, buttonNames, cleanup, click, field, mount, press, settle, type } from '../../test/mount.js';
import { McpServers } from './mcp-servers.js';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

const files: McpServerView = {
  id: 's1',
  spec: { transport: 'stdio', name: 'Files', command: 'npx', args: ['-y', '@mcp/files', '/home/me/My Documents'], env: { API_KEY: 'sk-secret-value' } },
  state: 'connected',
  tools: [
    { name: 'read_file', exposedName: 'files__read_file', description: 'Read a file.', inputSchema: {} },
    { name: 'list_dir', exposedName: 'files__list_dir', inputSchema: {} },
  ],
  alwaysAllowed: [],
};
const docs: McpServerView = { id: 's2', spec: { transport: 'http', name: 'Docs', url: 'https://mcp.example.com/mcp' }, state: 'connected', tools: [], tokenTail: 'wxyz', alwaysAllowed: [] };

/** What the host would answer for a new server: a command or an address waits for its confirmation. */
const added = (spec: McpServerSpec, id = 'new'): McpServerView => ({ id, spec, state: 'unconfirmed', tools: [], alwaysAllowed: [] });

async function section(list: McpServerView[] = [files, docs], answers: Answers = {}) {
  const host = fakeHost({ 'mcp.list': () => list, ...answers });
  const page = await mount(<McpServers />);
  const card = (name: string) => {
    const found = [...page.host.querySelectorAll<HTMLElement>('li.mcp-card')].find((li) => li.querySelector('h4')?.textContent === name);
    if (!found) throw new Error(`No card for ${name}`);
    return found;
  };
  const form = () => page.host.querySelector<HTMLFormElement>('form.mcp-form')!;
  return { ...host, ...page, card, form };
}

/** Replaces a text area's text as typing would. */
async function typeLines(area: HTMLElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The message under a field (its aria-describedby), or nothing. */
const errorOf = (input: Element) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)).find((p) => p?.className === 'field-error')?.textContent;

describe('adding a server', () => {
  it('sends a local command with arguments that hold spaces and its environment exactly as typed', async () => {
    const s = await section([], { 'mcp.add': ({ spec }) => added(spec) });
    await click(button(s.host, 'Add server'));
    expect(document.activeElement).toBe(field(s.form(), 'Name'));
    await type(field(s.form(), 'Name'), '  My files ');
    await type(field(s.form(), 'Command'), 'npx');
    await typeLines(field(s.form(), 'Arguments'), '-y\n@modelcontextprotocol/server-filesystem\n\n/home/me/My Documents\n');
    await typeLines(field(s.form(), 'Environment'), 'LOG_LEVEL=debug\n\nQUERY=a=b&c=d\r\n_X= spaced value');
    await click(button(s.form(), 'Add server'));

    expect(s.callsOf('mcp.add')).toEqual([
      {
        spec: {
          transport: 'stdio',
          name: 'My files',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/My Documents'],
          env: { LOG_LEVEL: 'debug', QUERY: 'a=b&c=d', _X: ' spaced value' },
        },
      },
    ]);
    expect(s.form()).toBeNull();
    const card = s.card('My files');
    expect(card.querySelector('[data-testid="mcp-command"]')?.textContent).toBe('npx -y @modelcontextprotocol/server-filesystem "/home/me/My Documents"');
    expect(card.querySelector('[role="status"]')?.textContent).toBe('Not confirmed');
    expect(buttonNames(card)).toContain('Start');
    expect(s.host.querySelector('.saved-note')?.textContent).toBe('Added “My files”. Press Start to run it: the studio asks you to confirm its command first.');
  });

  it('refuses an environment line that is not NAME=value at the field, and calls nothing', async () => {
    const s = await section([], { 'mcp.add': ({ spec }) => added(spec) });
    await click(button(s.host, 'Add server'));
    await type(field(s.form(), 'Name'), 'Files');
    await type(field(s.form(), 'Command'), 'files-server');
    const env = field(s.form(), 'Environment');
    await typeLines(env, 'GOOD=1\n1BAD=x');
    await click(button(s.form(), 'Add server'));
    expect(errorOf(env)).toBe('Line 2: write NAME=value, where NAME is letters, digits and _, not starting with a digit.');
    expect(env.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(env);

    await typeLines(env, 'GOOD=1\nno equals sign here');
    await click(button(s.form(), 'Add server'));
    expect(errorOf(env)).toBe('Line 2: write NAME=value, where NAME is letters, digits and _, not starting with a digit.');

    await typeLines(env, 'GOOD=1\nGOOD=2');
    await click(button(s.form(), 'Add server'));
    expect(errorOf(env)).toBe('Line 2: GOOD is already set above.');
    expect(s.callsOf('mcp.add')).toEqual([]);
  });

  it('shows the host’s refusal at the field it names, and keeps what was typed', async () => {
    const refuse = () => Promise.reject({ ...hostError('Enter the command that starts the server.', 'invalid_input'), param: 'spec.command' });
    const s = await section([], { 'mcp.add': refuse });
    await click(button(s.host, 'Add server'));
    await type(field(s.form(), 'Name'), 'Files');
    await type(field(s.form(), 'Command'), '   ');
    await click(button(s.form(), 'Add server'));
    expect(errorOf(field(s.form(), 'Command'))).toBe('Enter the command that starts the server.');
    expect(document.activeElement).toBe(field(s.form(), 'Command'));
    expect(field(s.form(), 'Name').value).toBe('Files');
  });

  it('sends a URL server with its token, then forgets the token: only its tail is ever shown', async () => {
    const TOKEN = 'tok-very-secret-9876';
    const s = await section([], { 'mcp.add': ({ spec, token }) => ({ ...added(spec), tokenTail: token?.slice(-4) }) });
    await click(button(s.host, 'Add server'));
    await act(async () => s.form().querySelector<HTMLInputElement>('input[value="http"]')!.click());
    expect(() => field(s.form(), 'Command')).toThrow();
    await type(field(s.form(), 'Name'), 'Docs');
    await type(field(s.form(), 'Server URL'), ' https://mcp.example.com/mcp ');
    const tokenInput = field(s.form(), 'Bearer token (optional)');
    expect(tokenInput.type).toBe('password');
    tokenInput.value = TOKEN;
    await click(button(s.form(), 'Add server'));

    expect(s.callsOf('mcp.add')).toEqual([{ spec: { transport: 'http', name: 'Docs', url: 'https://mcp.example.com/mcp' }, token: TOKEN }]);
    expect(tokenInput.value).toBe('');
    expect(s.card('Docs').querySelector('[data-testid="mcp-token-status"]')?.textContent).toBe('Token •••• 9876');
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('closes on Escape without saving, and gives the keyboard back to Add server', async () => {
    const s = await section([]);
    await click(button(s.host, 'Add server'));
    await type(field(s.form(), 'Name'), 'Half typed');
    await press(field(s.form(), 'Name'), 'Escape');
    await settle();
    await act(async () => { await new Promise(requestAnimationFrame); });
    expect(s.form()).toBeNull();
    expect(document.activeElement).toBe(button(s.host, 'Add server'));
    expect(s.callsOf('mcp.add')).toEqual([]);
  });
});

describe('starting a local command', () => {
  const CODE = '482913';
  const unconfirmed: McpServerView = { ...files, state: 'unconfirmed', tools: [] };
  /** The browser shell: a start waits for the code printed in its terminal. */
  const shellConnect = ({ confirmCode }: { id: string; confirmCode?: string }) => {
    if (!confirmCode) throw hostError('To start the MCP server "Files", enter the code printed in the terminal where the studio runs.', 'confirmation_required');
    if (confirmCode !== CODE) throw { ...hostError('That is not the code printed in the terminal for this server. Check it and try again.', 'confirmation_required'), param: 'confirmCode' };
    return { ...files, state: 'connected' as const };
  };

  it('asks for the terminal’s code, shows a wrong one refused at the field, and starts with the right one', async () => {
    const s = await section([unconfirmed], { 'mcp.connect': shellConnect });
    await click(button(s.card('Files'), 'Start'));

    const code = field(s.card('Files'), 'Code from the terminal');
    expect(document.activeElement).toBe(code);
    expect(s.card('Files').textContent).toContain('enter the code printed in the terminal where the studio runs.');
    expect(s.card('Files').querySelector('[role="alert"]')).toBeNull();

    await click(button(s.card('Files'), 'Confirm'));
    expect(errorOf(code)).toBe('Enter the code printed in the terminal.');
    expect(s.callsOf('mcp.connect')).toEqual([{ id: 's1' }]);

    await type(code, '000000');
    await click(button(s.card('Files'), 'Confirm'));
    expect(errorOf(field(s.card('Files'), 'Code from the terminal'))).toBe('That is not the code printed in the terminal for this server. Check it and try again.');

    await type(field(s.card('Files'), 'Code from the terminal'), ` ${CODE} `);
    await click(button(s.card('Files'), 'Confirm'));
    expect(s.callsOf('mcp.connect')).toEqual([{ id: 's1' }, { id: 's1', confirmCode: '000000' }, { id: 's1', confirmCode: CODE }]);
    expect(() => field(s.card('Files'), 'Code from the terminal')).toThrow();
    expect(s.card('Files').querySelector('[role="status"]')?.textContent).toBe('Connected');
    expect(buttonNames(s.card('Files'))).toContain('Restart');
  });

  it('waits for the desktop dialog with its button held, so a second press starts nothing more', async () => {
    let answer!: (view: McpServerView) => void;
    const s = await section([unconfirmed], { 'mcp.connect': () => new Promise((resolve) => (answer = resolve)) });
    await click(button(s.card('Files'), 'Start'));
    const waiting = button(s.card('Files'), 'Starting…');
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    await click(waiting);
    expect(s.callsOf('mcp.connect')).toEqual([{ id: 's1' }]);
    await act(async () => answer({ ...files, state: 'connected' }));
    await settle();
    expect(button(s.card('Files'), 'Restart').getAttribute('aria-disabled')).toBe('false');
  });

  it('shows a start declined in the dialog on the card, with no code field', async () => {
    const s = await section([unconfirmed], { 'mcp.connect': () => Promise.reject(hostError('The MCP server was not started: its command was not confirmed.', 'aborted')) });
    await click(button(s.card('Files'), 'Start'));
    expect(s.card('Files').querySelector('[role="alert"]')?.textContent).toBe('The MCP server was not started: its command was not confirmed.');
    expect(() => field(s.card('Files'), 'Code from the terminal')).toThrow();
  });
});

describe('a server’s card', () => {
  it('says why a server failed, beside its state', async () => {
    const failed: McpServerView = { ...files, state: 'failed', tools: [], error: hostError('The MCP server stopped: exit code 1', 'server_error') };
    const s = await section([failed]);
    const card = s.card('Files');
    expect(card.querySelector('[role="status"]')?.textContent).toBe('Failed');
    expect(card.querySelector('[data-testid="mcp-server-error"]')?.textContent).toBe('The MCP server stopped: exit code 1');
    expect(buttonNames(card)).toEqual(['Restart', 'Disable', 'Remove']);
  });

  it('names the environment’s variables but never shows their values', async () => {
    const s = await section([files]);
    expect(s.card('Files').textContent).toContain('Environment: API_KEY');
    expect(document.body.innerHTML).not.toContain('sk-secret-value');
  });

  it('is replaced with the list each change event brings', async () => {
    const s = await section([files, docs]);
    await act(async () => s.emit('mcp.onDidChange', [{ ...docs, state: 'failed', error: hostError('Could not connect to the MCP server: refused', 'unreachable') }]));
    await settle();
    expect([...s.host.querySelectorAll('li.mcp-card h4')].map((h) => h.textContent)).toEqual(['Docs']);
    expect(s.card('Docs').querySelector('[role="status"]')?.textContent).toBe('Failed');
    expect(s.callsOf('mcp.list')).toHaveLength(1);
  });

  it('asks before removing, and removes only when confirmed', async () => {
    const s = await section([files, docs], { 'mcp.remove': () => ({}) });
    await click(button(s.card('Files'), 'Remove'));
    expect(s.callsOf('mcp.remove')).toEqual([]);
    const ask = s.card('Files').querySelector('[role="group"]')!;
    expect(ask.getAttribute('aria-label')).toBe('Confirm removing Files');
    expect(ask.textContent).toContain('Remove “Files”?');
    expect(document.activeElement).toBe(button(ask, 'Cancel'));
    await click(button(ask, 'Cancel'));
    expect(s.card('Files').querySelector('[role="group"]')).toBeNull();

    await click(button(s.card('Files'), 'Remove'));
    await click(button(s.card('Files'), 'Remove server'));
    expect(s.callsOf('mcp.remove')).toEqual([{ id: 's1' }]);
    expect([...s.host.querySelectorAll('li.mcp-card h4')].map((h) => h.textContent)).toEqual(['Docs']);
    expect(s.host.querySelector('.saved-note')?.textContent).toBe('Removed “Files”.');
  });

  it('shows a failed action on its card', async () => {
    const s = await section([files], { 'mcp.disable': () => Promise.reject(hostError('That MCP server is no longer in the studio.', 'not_found')) });
    await click(button(s.card('Files'), 'Disable'));
    expect(s.callsOf('mcp.disable')).toEqual([{ id: 's1' }]);
    expect(s.card('Files').querySelector('[role="alert"]')?.textContent).toBe('That MCP server is no longer in the studio.');
  });

  it('folds a long tool list to a count, and opens it on request', async () => {
    const tools = Array.from({ length: 7 }, (_, i) => ({ name: `tool_${i}`, exposedName: `x__tool_${i}`, description: `Tool ${i}.`, inputSchema: {} }));
    const s = await section([{ ...files, tools }]);
    const card = s.card('Files');
    expect(card.textContent).toContain('7 tools');
    expect(card.querySelector('.mcp-tool-list')).toBeNull();
    await click(button(card, 'Show all 7 tools'));
    expect(card.querySelectorAll('.mcp-tool-list li')).toHaveLength(7);
    expect(card.textContent).toContain('tool_6 — Tool 6.');
    expect(button(card, 'Hide the tools').getAttribute('aria-expanded')).toBe('true');
  });

  it('says which tools are not offered to the model and why, folded or not, in both languages', async () => {
    const tooMany = msg('chat.tools.schemaTooMany', { max: 5000 });
    const tools = [
      { name: 'huge', exposedName: 'files__huge', inputSchema: {}, unusable: tooMany },
      ...Array.from({ length: 6 }, (_, i) => ({ name: `tool_${i}`, exposedName: `x__tool_${i}`, inputSchema: {} })),
    ];
    const s = await section([{ ...files, tools }]);
    const card = s.card('Files');
    // Folded: the count says so at once.
    expect(card.querySelector('.mcp-row')?.textContent).toContain('7 tools1 not offered to the model');
    await click(button(card, 'Show all 7 tools'));
    const huge = [...card.querySelectorAll('.mcp-tool-list li')].find((li) => li.querySelector('code')?.textContent === 'huge')!;
    expect(huge.querySelector('.mcp-tool-unusable')?.textContent).toBe('Not offered to the model: the schema has more than 5000 parts (properties, subschemas and values).');
    expect(card.querySelectorAll('.mcp-tool-list .mcp-tool-unusable')).toHaveLength(1);
    await act(async () => setLanguage('zh-CN'));
    expect(huge.querySelector('.mcp-tool-unusable')?.textContent).toBe('未提供给模型：schema 的组成部分（属性、子 schema 和值）超过 5000 个。');
  });

  it('lists the tools always allowed, each of which can go back to asking', async () => {
    const s = await section([{ ...files, alwaysAllowed: ['read_file'] }], { 'mcp.setAlwaysAllow': () => ({ ...files, alwaysAllowed: [] }) });
    await click(button(s.card('Files'), 'Ask each time before read_file runs'));
    expect(s.callsOf('mcp.setAlwaysAllow')).toEqual([{ id: 's1', tool: 'read_file', allowed: false }]);
    expect(s.card('Files').textContent).not.toContain('Always allowed');
  });

  it('lists a tool the server redefined since it was allowed, with what changed; it asks again', async () => {
    const s = await section([{ ...files, alwaysAllowed: ['list_dir'], redefined: [{ tool: 'read_file', changed: 'both' }] }]);
    const rows = [...s.card('Files').querySelectorAll('.mcp-allowed li')].map((li) => li.textContent);
    expect(rows).toEqual(['list_dirAsk each time', 'read_fileIts description and inputs changed since you allowed it: its calls ask again.Ask each time']);
  });

  it('replaces and clears a URL server’s token without ever showing it', async () => {
    const TOKEN = 'brand-new-token-5555';
    const s = await section([docs], { 'mcp.setToken': ({ token }) => ({ ...docs, tokenTail: token ? token.slice(-4) : undefined }) });
    const card = s.card('Docs');
    expect(card.querySelector('[data-testid="mcp-token-status"]')?.textContent).toBe('Token •••• wxyz');
    await click(button(card, 'Replace token'));
    const input = field(card, 'New bearer token');
    expect(document.activeElement).toBe(input);
    await click(button(card, 'Save token'));
    expect(errorOf(input)).toBe('Paste the token first.');
    input.value = TOKEN;
    await click(button(card, 'Save token'));
    expect(s.callsOf('mcp.setToken')).toEqual([{ id: 's2', token: TOKEN }]);
    expect(input.value).toBe('');
    expect(card.querySelector('[data-testid="mcp-token-status"]')?.textContent).toBe('Token •••• 5555');
    expect(document.body.innerHTML).not.toContain(TOKEN);

    await click(button(card, 'Clear token'));
    expect(s.callsOf('mcp.setToken').at(-1)).toEqual({ id: 's2', token: null });
    expect(card.querySelector('[data-testid="mcp-token-status"]')?.textContent).toBe('No token');
  });

  it('speaks Simplified Chinese when the studio does', async () => {
    const s = await section([{ ...files, state: 'unconfirmed', tools: [] }]);
    await act(async () => setLanguage('zh-CN'));
    await settle();
    expect(s.host.querySelector('h3')?.textContent).toBe('MCP 服务器');
    expect(s.card('Files').querySelector('[role="status"]')?.textContent).toBe('未确认');
    expect(buttonNames(s.card('Files'))).toContain('启动');
  });
});
