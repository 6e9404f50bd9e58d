// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHAT_SETTINGS, type ChatSettings, type ConversationView } from '@shared/contract/chat.js';
import type { McpServerView } from '@shared/contract/index.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost, hostError, type Answers } from '../../../test/fake-host.js';
import { button, cleanup, click, mount, settle } from '../../../test/mount.js';
import { useUiStore } from '../../../state/ui-store.js';
import { conversationKey } from '../model/conversation-cache.js';
import { ToolsSection } from './tools-section.js';
import { useSettingsEditor } from '../model/use-settings-editor.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useUiStore.setState({ tab: 'chat' });
});

const server = (id: string, name: string, over: Partial<McpServerView> = {}): McpServerView => ({
  id,
  spec: { transport: 'http', name, url: `https://${id}.example.com/mcp` },
  state: 'connected',
  tools: [{ name: 'search', exposedName: `${id}__search`, inputSchema: {} }],
  alwaysAllowed: [],
  ...over,
});
const files = server('s1', 'Files', { tools: [{ name: 'read', exposedName: 's1__read', inputSchema: {} }, { name: 'write', exposedName: 's1__write', inputSchema: {} }] });
const issues = server('s2', 'Issues', { state: 'unconfirmed', tools: [] });

const conversationWith = (tools: Partial<ChatSettings['tools']>): ConversationView => ({
  id: 'c1',
  title: 'Research',
  model: 'modela-5',
  createdAt: 1,
  updatedAt: 1,
  messageCount: 0,
  settings: { ...DEFAULT_CHAT_SETTINGS, tools: { ...DEFAULT_CHAT_SETTINGS.tools, webSearch: true, ...tools } },
  messages: [],
});

/** The tools as the settings panel shows them: edited through the conversation's settings editor. */
function Tools({ conversation }: { conversation: ConversationView }) {
  const editor = useSettingsEditor(conversation);
  return <ToolsSection conversation={conversation} form={editor.form} errors={editor.errors} api="responses" change={editor.change} />;
}

async function tools(list: McpServerView[], chosen: string[] = [], answers: Answers = {}) {
  const conversation = conversationWith({ mcpServers: chosen });
  const host = fakeHost({
    'mcp.list': () => list,
    'chat.update': ({ settings }) => {
      const { messages: _, ...meta } = conversation;
      return { ...meta, settings: { ...conversation.settings, ...settings } as ChatSettings };
    },
    ...answers,
  });
  const page = await mount(<Tools conversation={conversation} />);
  page.client.setQueryData(conversationKey('c1'), conversation);
  const group = () => [...page.host.querySelectorAll('section')].find((s) => s.querySelector('h4')?.textContent === 'Your MCP servers')!;
  const box = (name: string) => {
    const label = [...group().querySelectorAll('label')].find((l) => l.textContent?.startsWith(name));
    if (!label) throw new Error(`No server named ${name}`);
    return label.querySelector('input')!;
  };
  /** Saves what is pending now, as leaving the conversation does (rather than waiting for the pause). */
  const save = async () => {
    await act(async () => { window.dispatchEvent(new Event('pagehide')); });
    await settle();
  };
  const saved = () => (host.callsOf('chat.update') as { settings: ChatSettings }[]).map((c) => c.settings.tools);
  return { ...host, ...page, group, box, save, saved };
}

describe('the conversation’s MCP servers', () => {
  it('lists every server with its state and tool count, and saves the ones checked with the other tools', async () => {
    const s = await tools([files, issues]);
    expect(s.group().querySelector('[data-state="connected"]')?.textContent).toBe('— Connected · 2 tools');
    expect(s.group().querySelector('[data-state="unconfirmed"]')?.textContent).toBe('— Not confirmed');
    expect(s.box('Files').checked).toBe(false);

    await click(s.box('Issues'));
    await click(s.box('Files'));
    await s.save();
    expect(s.saved()).toEqual([{ ...DEFAULT_CHAT_SETTINGS.tools, webSearch: true, mcpServers: ['s2', 's1'] }]);
    expect(s.box('Files').checked).toBe(true);
  });

  it('shows a chosen server that was removed as removed, and lets it be unchecked', async () => {
    const s = await tools([files], ['s1', 'gone']);
    const gone = s.box('Removed server');
    expect(gone.checked).toBe(true);
    expect(s.group().querySelector('[data-state="removed"]')?.textContent).toBe('— removed: uncheck it');
    await click(gone);
    await s.save();
    expect(s.saved().at(-1)?.mcpServers).toEqual(['s1']);
    expect(() => s.box('Removed server')).toThrow();
  });

  it('follows the host’s changes to the servers', async () => {
    const s = await tools([files]);
    await act(async () => s.emit('mcp.onDidChange', [{ ...files, state: 'failed', tools: [] }, issues]));
    await settle();
    expect(s.group().querySelector('[data-state="failed"]')?.textContent).toBe('— Failed');
    expect(s.box('Issues').checked).toBe(false);
    expect(s.callsOf('mcp.list')).toHaveLength(1);
  });

  it('points to Settings when there are no servers yet', async () => {
    const s = await tools([]);
    expect(s.group().textContent).toContain('You have no MCP servers yet. Add one in Settings → MCP servers.');
    await click(button(s.group(), 'Open Settings'));
    expect(useUiStore.getState().tab).toBe('settings');
  });

  it('says so when the list cannot be read, and saves nothing by itself', async () => {
    const s = await tools([], ['s1'], { 'mcp.list': () => Promise.reject(hostError('The studio host is not answering.', 'unreachable')) });
    expect(s.group().querySelector('.field-error')?.textContent).toBe('The studio host is not answering.');
    // Unknown is not removed: nothing claims the chosen server is gone.
    expect(s.group().querySelector('[data-state="removed"]')).toBeNull();
    await s.save();
    expect(s.callsOf('chat.update')).toEqual([]);
  });
});
