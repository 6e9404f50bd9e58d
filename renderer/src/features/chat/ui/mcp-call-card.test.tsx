// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView, ConversationView, StreamStarted, ToolCall } from '@shared/contract/chat.js';
import { errorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost, type Answers } from '../../../test/fake-host.js';
import { call } from '../../../api/client.js';
import { setLanguage } from '../../../i18n/index.js';
import { button, buttonNames, cleanup, click, field, mount, press, settle } from '../../../test/mount.js';
import { AssistantMessage } from './assistant-message.js';
import { conversationKey } from '../model/conversation-cache.js';
import { ConversationPane } from './conversation-pane.js';
import { streamStore, useActiveStream } from '../model/stream-store.js';
import { toolRunStore } from '../model/tool-run-store.js';
import { useChatActions } from '../model/use-chat-actions.js';
import { asking, conversation, started } from '../test/tool-call-fixtures.js';
import { useChatEvents } from '../model/use-chat-events.js';
import { loadMarkdown } from '../../../components/markdown/lazy-markdown.js';

// The Markdown renderer is a chunk of its own; in before any reply draws, as in a warm studio (a
// chunk still loading when the file ends would load after its environment is gone).
beforeAll(loadMarkdown);

afterEach(async () => {
  cleanup();
  // A test that failed mid-run leaves no run behind for the next one to see.
  for (const id of ['call_1', 'call_2']) toolRunStore.end(id);
  vi.restoreAllMocks();
  await setLanguage('en');
});

const mcp = { serverId: 'srv1', serverName: 'My Tools', tool: 'weather' };
const weather: ToolCall = { id: 'call_1', name: 'my_tools__weather', arguments: '{"city":"Lisbon"}', mcp };
const plain: ToolCall = { id: 'call_2', name: 'get_time', arguments: '{}' };


/** A host answer that comes when the test says: a run lasts as long as the tool takes. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const timeout = errorData('timeout', msg('mcp.call.timeout', { seconds: 60 }), true);
const stopped = errorData('aborted', msg('mcp.call.stopped'), false);

/**
 * The Chat tab as far as these calls go: its events, the conversation pane (composer and Stop;
 * its virtualized list shows no rows here) and the replies with their cards beneath.
 */
function Chat() {
  useChatEvents(() => undefined);
  const c = useQuery({ queryKey: conversationKey('c1'), queryFn: () => call('chat.get', { id: 'c1' }) }).data;
  const { actions } = useChatActions('c1', () => Promise.resolve());
  const locked = useActiveStream('c1') !== undefined;
  if (!c) return null;
  return (
    <>
      <ConversationPane conversation={c} title={c} />
      <div data-testid="replies">
        {c.messages.map((m) => (m.role === 'assistant' ? <AssistantMessage key={m.id} message={m} actions={actions} locked={locked} /> : null))}
      </div>
    </>
  );
}

async function show(messages: ChatMessageView[], answers: Answers = {}) {
  const host = fakeHost({ 'chat.get': () => conversation(messages), 'chat.stopTools': () => ({}), ...answers });
  const page = await mount(<Chat />);
  const card = (name: string) => {
    const found = [...page.host.querySelectorAll('section.tool-card')].find((s) => s.querySelector('.tool-name')?.textContent === name);
    if (!found) throw new Error(`No card for ${name}`);
    return found as HTMLElement;
  };
  const composer = () => page.host.querySelector('form.chat-composer') as HTMLElement;
  const stopButton = () => [...composer().querySelectorAll('button')].find((b) => b.textContent?.startsWith('Stop'));
  const emitRun = (state: 'running' | 'ended', progress?: { progress: number; total?: number; message?: string }, callId = 'call_1') =>
    act(() => host.emit('chat.onToolRun', { conversationId: 'c1', messageId: 'r1', callId, state, progress }));
  return { ...host, ...page, card, composer, stopButton, emitRun };
}

/** The element's accessible description: the text of what its aria-describedby names. */
const description = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();

describe('an MCP call card', () => {
  it('names the tool and its server, and offers Allow once, Always allow, Deny, then the answer by hand, in that order', async () => {
    const s = await show([asking([weather, plain])], { 'chat.answerToolCall': () => ({}) });
    const card = s.card('weather');
    expect(card.querySelector('header')?.textContent).toBe('MCP toolweather· from My Tools server');
    expect(card.querySelector('pre')?.textContent).toBe('{\n  "city": "Lisbon"\n}');
    expect(buttonNames(card)).toEqual(['Allow once', 'Always allow', 'Deny', 'Answer by hand']);
    // Nothing is taken out of the keyboard's order.
    expect(card.querySelectorAll('[tabindex]:not([tabindex="0"]):not([tabindex="-1"])')).toHaveLength(0);
    expect(description(button(card, 'Always allow'))).toBe('Runs this call now; later calls of weather run without asking.');
    // A plain function's card is as it was.
    expect(buttonNames(s.card('get_time'))).toEqual(['Decline', 'Send resultCtrl Enter']);

    // The answer by hand opens below, and Ctrl+Enter sends what was typed, not a run.
    const toggle = button(card, 'Answer by hand');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(buttonNames(card)).toEqual(['Allow once', 'Always allow', 'Deny', 'Answer by hand', 'Send resultCtrl Enter']);
    const area = field(card, 'Result');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, 'sunny');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => { area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })); });
    await settle();
    expect(s.callsOf('chat.answerToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', answer: { kind: 'result', text: 'sunny' } }]);
    expect(s.callsOf('chat.runToolCall')).toEqual([]);
    expect(card.getAttribute('data-answer')).toBe('result');
  });

  it('Allow once runs the call once, shows it running with Stop, then shows its result; the reply it starts streams', async () => {
    const run = later<{ answer: { kind: 'result'; text: string }; started?: StreamStarted }>();
    const s = await show([asking([weather])], { 'chat.runToolCall': () => run.promise });
    const card = s.card('weather');
    expect(s.stopButton()).toBeUndefined();
    await click(button(card, 'Allow once'));
    // A second press while it runs asks nothing more of the host.
    await click(button(card, 'Allow once'));
    expect(s.callsOf('chat.runToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', always: false }]);
    expect(card.querySelector('.tool-run')?.textContent).toBe('Running…');
    expect(['Allow once', 'Always allow', 'Deny'].map((n) => button(card, n).disabled)).toEqual([true, true, true]);
    expect(s.stopButton()).toBeDefined();
    // Focus waits on the card while its pressed button is disabled.
    expect(document.activeElement).toBe(card);

    await act(async () => run.resolve({ answer: { kind: 'result', text: '{"temp": 21}' }, started }));
    await settle();
    expect(card.getAttribute('data-answer')).toBe('result');
    expect(card.querySelector('[role="group"][aria-label="Result sent"]')?.textContent).toBe('{"temp": 21}');
    expect(card.querySelector('details')?.open).toBe(true);
    expect(card.textContent).not.toContain('The tool reported an error');
    expect(buttonNames(card)).toEqual([]);
    // The next reply streams, and Stop is now its Stop.
    expect(s.host.querySelectorAll('article[data-status="streaming"]')).toHaveLength(1);
    expect(streamStore.activeIn('c1')).toEqual({ streamId: 's2', messageId: 'r2' });
    expect(toolRunStore.runningIn('c1')).toBe(false);
    act(() => streamStore.end('s2', 'c1', { ...started.reply, status: 'complete' }));
  });

  it('Always allow asks for every later call of the tool too, and a failure the tool reports is marked', async () => {
    const s = await show([asking([weather])], { 'chat.runToolCall': () => ({ answer: { kind: 'result', text: 'city not found', isError: true } }) });
    await click(button(s.card('weather'), 'Always allow'));
    expect(s.callsOf('chat.runToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', always: true }]);
    const card = s.card('weather');
    expect(card.querySelector('summary')?.textContent).toBe('Result sent The tool reported an error');
    expect(card.querySelector('pre.tool-pre[aria-label="Result sent"]')?.textContent).toBe('city not found');
  });

  it('Deny declines the call without running it', async () => {
    const s = await show([asking([weather])], { 'chat.answerToolCall': () => ({}) });
    await click(button(s.card('weather'), 'Deny'));
    expect(s.callsOf('chat.answerToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', answer: { kind: 'declined' } }]);
    expect(s.callsOf('chat.runToolCall')).toEqual([]);
    expect(s.card('weather').textContent).toContain('Declined');
  });

  it('shows the progress the tool reports; Stop (or Esc) stops the tools, and a stopped run can run again', async () => {
    const run = later<never>();
    const s = await show([asking([weather])], { 'chat.runToolCall': () => run.promise });
    const card = s.card('weather');
    await click(button(card, 'Allow once'));
    s.emitRun('running');
    s.emitRun('running', { progress: 3, total: 10, message: 'reading lighting.md' });
    expect(card.querySelector('.tool-run')?.textContent).toBe('Running… 3 of 10 — reading lighting.md');
    expect(card.querySelector('progress')?.getAttribute('max')).toBe('10');
    // Without a total the tool cannot say how far it is: no count, no bar.
    s.emitRun('running', { progress: 4, message: 'reading notes.md' });
    expect(card.querySelector('.tool-run')?.textContent).toBe('Running… — reading notes.md');
    expect(card.querySelector('progress')).toBeNull();

    // No reply streams: Stop goes to the tools, not to a stream.
    await click(s.stopButton()!);
    await press(s.composer().querySelector('textarea')!, 'Escape');
    await settle();
    expect(s.callsOf('chat.stopTools')).toEqual([{ conversationId: 'c1' }, { conversationId: 'c1' }]);
    expect(s.callsOf('chat.stop')).toEqual([]);

    s.emitRun('ended');
    await act(async () => run.reject(stopped));
    await settle();
    expect(s.stopButton()).toBeUndefined();
    expect(card.querySelector('.tool-run')?.textContent).toBe('');
    expect(card.querySelector('[role="alert"]')?.textContent).toBe('No answer from the tool: The tool was stopped before it finished.');
    expect(button(card, 'Run again').disabled).toBe(false);
  });

  it('says why a run timed out, keeps the answer by hand open, and Run again runs it', async () => {
    let attempts = 0;
    const s = await show([asking([weather])], {
      'chat.runToolCall': () => {
        attempts += 1;
        if (attempts === 1) throw timeout;
        return { answer: { kind: 'result', text: 'sunny' } };
      },
    });
    const card = s.card('weather');
    await click(button(card, 'Allow once'));
    expect(card.querySelector('[role="alert"]')?.textContent).toBe('No answer from the tool: The tool did not finish within 60 seconds, so it was stopped.');
    expect(buttonNames(card)).toEqual(['Run again', 'Always allow', 'Deny', 'Answer by hand', 'Send resultCtrl Enter']);
    expect(button(card, 'Answer by hand').getAttribute('aria-expanded')).toBe('true');
    expect(s.stopButton()).toBeUndefined();

    await click(button(card, 'Run again'));
    expect(s.callsOf('chat.runToolCall')).toEqual([
      { conversationId: 'c1', messageId: 'r1', callId: 'call_1', always: false },
      { conversationId: 'c1', messageId: 'r1', callId: 'call_1', always: false },
    ]);
    expect(card.getAttribute('data-answer')).toBe('result');
    expect(card.querySelector('[role="alert"]')).toBeNull();
    expect(card.querySelector('pre.tool-pre[aria-label="Result sent"]')?.textContent).toBe('sunny');
  });

  it('shows a failed run the host kept, after a reload, the same way', async () => {
    const s = await show([asking([{ ...weather, runError: timeout }])]);
    const card = s.card('weather');
    expect(card.querySelector('[role="alert"]')?.textContent).toBe('No answer from the tool: The tool did not finish within 60 seconds, so it was stopped.');
    expect(button(card, 'Run again').disabled).toBe(false);
    expect(field(card, 'Result')).toBeDefined();
  });

  it('starts a long result folded, under its summary', async () => {
    const pages = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const s = await show([asking([{ ...weather, answer: { kind: 'result', text: pages }, answeredAt: 3 }])]);
    const details = s.card('weather').querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Result sent');
    expect(details.querySelector('pre')?.textContent).toBe(pages);
  });

  it('cannot run arguments that do not fit the schema: answer by hand or deny', async () => {
    const problems = [{ code: 'chat.tools.argumentMismatch', params: { path: 'city', problem: 'is required' }, message: 'x' }] as ToolCall['problems'];
    const s = await show([asking([{ ...weather, arguments: '{}', problems }])], { 'chat.answerToolCall': () => ({}) });
    const card = s.card('weather');
    for (const name of ['Allow once', 'Always allow']) {
      const b = button(card, name);
      expect(b.disabled).toBe(true);
      expect(description(b)).toContain("The arguments do not fit the tool's schema, so it cannot be run: answer by hand or deny.");
      // Even a click that reaches it (a stale handler, a script) runs nothing.
      await act(async () => { b.dispatchEvent(new MouseEvent('click', { bubbles: true })); });
    }
    await settle();
    expect(s.callsOf('chat.runToolCall')).toEqual([]);
    expect(field(card, 'Result')).toBeDefined();
    expect(button(card, 'Deny').disabled).toBe(false);
  });

  it('follows a run the host started by itself (an always-allowed tool), without asking for it', async () => {
    const s = await show([asking([weather])]);
    const card = s.card('weather');
    s.emitRun('running', { progress: 1, total: 2 });
    expect(card.querySelector('.tool-run')?.textContent).toBe('Running… 1 of 2');
    expect(button(card, 'Allow once').disabled).toBe(true);
    expect(s.stopButton()).toBeDefined();
    s.emitRun('ended');
    expect(button(card, 'Allow once').disabled).toBe(false);
    expect(s.stopButton()).toBeUndefined();
    expect(s.callsOf('chat.runToolCall')).toEqual([]);
  });

  it('cannot be run while a reply of the conversation is being written', async () => {
    const s = await show([asking([weather])]);
    act(() => streamStore.begin('s9', 'c1', 'r9'));
    const card = s.card('weather');
    expect(['Allow once', 'Always allow', 'Deny'].map((n) => button(card, n).disabled)).toEqual([true, true, true]);
    expect(description(button(card, 'Allow once'))).toBe('A reply is being written: answer once it ends.');
    act(() => streamStore.end('s9', 'c1', { id: 'r9', role: 'assistant', createdAt: 9, status: 'complete' }));
    expect(button(card, 'Allow once').disabled).toBe(false);
  });

  it('puts a reply the host started by itself in the conversation, streaming, with Stop', async () => {
    const s = await show([asking([{ ...weather, answer: { kind: 'result', text: 'sunny' }, answeredAt: 3 }])]);
    // A stream of its own: stream ids are never reused, and an ended one is remembered (stream-store.ts).
    const own = { ...started, streamId: 's3' };
    act(() => s.emit('chat.onDidStart', own));
    // Told twice (an event and a call's answer): still one reply.
    act(() => s.emit('chat.onDidStart', own));
    await settle();
    const data = s.client.getQueryData<ConversationView>(conversationKey('c1'))!;
    expect(data.messages.map((m) => m.id)).toEqual(['u1', 'r1', 'r2']);
    expect(s.host.querySelectorAll('article[data-status="streaming"]')).toHaveLength(1);
    expect(streamStore.activeIn('c1')).toEqual({ streamId: 's3', messageId: 'r2' });
    expect(s.stopButton()).toBeDefined();
    act(() => s.emit('chat.onDidEnd', { streamId: 's3', conversationId: 'c1', outcome: 'done', message: { ...own.reply, status: 'complete', choices: [{ text: 'Sunny, 21°.' }] } }));
    await settle();
    expect(s.stopButton()).toBeUndefined();
  });

  it('speaks Simplified Chinese, the host reason included', async () => {
    await setLanguage('zh-CN');
    const s = await show([asking([{ ...weather, runError: timeout }])]);
    const card = s.card('weather');
    expect(card.querySelector('header')?.textContent).toBe('MCP 工具weather· 来自 My Tools 服务器');
    expect(buttonNames(card)).toEqual(['重新运行', '始终允许', '拒绝', '手动作答', expect.stringMatching(/^发送结果/)]);
    expect(card.querySelector('[role="alert"]')?.textContent).toMatch(/^工具没有给出结果：/);
    expect(card.querySelector('[role="alert"]')?.textContent).not.toContain('did not finish');
  });
  it('says what the server changed in a tool allowed always, and asks again with every choice', async () => {
    const server = { id: 'srv1', spec: { transport: 'http' as const, name: 'My Tools', url: 'http://127.0.0.1:9/mcp' }, state: 'connected' as const, tools: [], alwaysAllowed: [] };
    const s = await show([asking([weather])], { 'mcp.list': () => [{ ...server, redefined: [{ tool: 'weather', changed: 'schema' }] }] });
    const card = s.card('weather');
    await settle();
    expect(card.querySelector('[data-testid="tool-redefined"]')?.textContent).toBe(
      'The server changed the inputs this tool takes since you chose Always allow, so it asks again. Read them in Settings → MCP servers before you allow it.');
    expect(buttonNames(card)).toEqual(['Allow once', 'Always allow', 'Deny', 'Answer by hand']);
    expect(s.callsOf('chat.runToolCall')).toEqual([]);
  });
});
