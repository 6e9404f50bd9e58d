// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView, ToolCall } from '@shared/contract/chat.js';
// First: it fills in what happy-dom lacks before the contract client is imported.
import { fakeHost, hostError, type Answers } from '../../../test/fake-host.js';
import { call } from '../../../api/client.js';
import { button, buttonNames, cleanup, click, field, mount, settle } from '../../../test/mount.js';
import { AssistantMessage } from './assistant-message.js';
import { conversationKey } from '../model/conversation-cache.js';
import { streamStore, useActiveStream } from '../model/stream-store.js';
import { useChatActions } from '../model/use-chat-actions.js';
import { asking, conversation, started } from '../test/tool-call-fixtures.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const weather: ToolCall = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Lisbon","days":2}' };
const clock: ToolCall = { id: 'call_2', name: 'get_time', arguments: '{"zone":"UTC"}' };


/** The replies of the conversation as the pane shows them, with its actions and its lock. */
function Replies() {
  const c = useQuery({ queryKey: conversationKey('c1'), queryFn: () => call('chat.get', { id: 'c1' }) }).data;
  const { actions } = useChatActions('c1', () => Promise.resolve());
  const locked = useActiveStream('c1') !== undefined;
  return <>{c?.messages.map((m) => (m.role === 'assistant' ? <AssistantMessage key={m.id} message={m} actions={actions} locked={locked} /> : null))}</>;
}

async function show(messages: ChatMessageView[], answers: Answers = {}) {
  const host = fakeHost({ 'chat.get': () => conversation(messages), ...answers });
  const page = await mount(<Replies />);
  const card = (name: string) => {
    const found = [...page.host.querySelectorAll('section.tool-card')].find((s) => s.querySelector('.tool-name')?.textContent === name);
    if (!found) throw new Error(`No card for ${name}`);
    return found as HTMLElement;
  };
  return { ...host, ...page, card };
}

/** Replaces the text area's text as typing would (React hears the input event). */
async function typeInto(area: HTMLElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The element's accessible description: the text of what its aria-describedby names. */
const description = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();

describe('a function call card', () => {
  it('shows the tool, its arguments pretty-printed, and what does not fit its schema', async () => {
    const problems = [
      // The catalog's words are shown, in the studio's language, not the English the host wrote.
      { code: 'chat.tools.argumentMismatch', params: { path: 'days', problem: 'must be at most 1' }, message: 'host English' },
    ] as ToolCall['problems'];
    const s = await show([asking([{ ...weather, problems }, { id: 'call_3', name: 'broken', arguments: '{"city": Lis' }])]);
    const card = s.card('get_weather');
    expect(card.querySelector('pre')?.textContent).toBe('{\n  "city": "Lisbon",\n  "days": 2\n}');
    expect(card.textContent).toContain("What does not fit the tool's schema:");
    expect(card.querySelector('li')?.textContent).toBe('days: must be at most 1');
    // Arguments that are not JSON are shown as written, and said to be so.
    const broken = s.card('broken');
    expect(broken.querySelector('pre')?.textContent).toBe('{"city": Lis');
    expect(broken.textContent).toContain('Not valid JSON: shown as the model wrote it.');
    expect(buttonNames(card)).toEqual(['Decline', 'Send resultCtrl Enter']);
    // A reply of calls only does not say it has no text.
    expect(s.host.textContent).not.toContain('(No text)');
  });

  it('sends the typed result; the last open call starts the next reply, a turn of its own that Stop reaches', async () => {
    const s = await show([asking([weather])], { 'chat.answerToolCall': () => ({ started }) });
    const card = s.card('get_weather');
    await typeInto(field(card, 'Result'), '{"temperature": 21}');
    await click(button(card, /^Send result/));
    expect(s.callsOf('chat.answerToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', answer: { kind: 'result', text: '{"temperature": 21}' } }]);
    // Answered: read-only, with what was sent.
    expect(card.getAttribute('data-answer')).toBe('result');
    expect(card.textContent).toContain('Result sent');
    expect(card.querySelector('[role="group"][aria-label="Result sent"]')?.textContent).toBe('{"temperature": 21}');
    expect(card.querySelector('textarea')).toBeNull();
    expect(buttonNames(card)).toEqual([]);
    // The model's next reply follows as a turn of its own, streaming, and Stop reaches it.
    expect(s.host.querySelectorAll('article[data-status="streaming"]')).toHaveLength(1);
    expect(streamStore.activeIn('c1')).toEqual({ streamId: 's2', messageId: 'r2' });
    act(() => streamStore.end('s2', 'c1', { ...started.reply, status: 'complete' }));
  });

  it('sends with Ctrl+Enter from the result field, and keeps the other calls open until answered', async () => {
    const s = await show([asking([weather, clock])], { 'chat.answerToolCall': () => ({}) });
    const area = field(s.card('get_time'), 'Result');
    await typeInto(area, '12:00');
    await act(async () => { area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })); });
    await settle();
    expect(s.callsOf('chat.answerToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_2', answer: { kind: 'result', text: '12:00' } }]);
    expect(s.card('get_time').getAttribute('data-answer')).toBe('result');
    expect(s.card('get_weather').getAttribute('data-answer')).toBe('open');
    expect(button(s.card('get_weather'), /^Send result/).disabled).toBe(false);
  });

  it('declines a call', async () => {
    const s = await show([asking([weather])], { 'chat.answerToolCall': () => ({}) });
    await click(button(s.card('get_weather'), 'Decline'));
    expect(s.callsOf('chat.answerToolCall')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1', answer: { kind: 'declined' } }]);
    expect(s.card('get_weather').textContent).toContain('Declined');
    expect(s.card('get_weather').querySelector('textarea')).toBeNull();
  });

  it('shows a refusal in the card and keeps the typed result to send again', async () => {
    let refuse = true;
    const s = await show([asking([weather])], {
      'chat.answerToolCall': () => {
        if (refuse) throw { ...hostError('That function call has already been answered.'), text: { code: 'chat.tools.alreadyAnswered', message: 'That function call has already been answered.' } };
        return {};
      },
    });
    const card = s.card('get_weather');
    await typeInto(field(card, 'Result'), 'sunny');
    await click(button(card, /^Send result/));
    const area = field(card, 'Result');
    expect(area.value).toBe('sunny');
    expect(card.querySelector('[role="alert"]')?.textContent).toBe('Not sent: That function call has already been answered. The result you typed is kept.');
    expect(description(area)).toContain('already been answered');
    refuse = false;
    await click(button(card, /^Send result/));
    expect(s.callsOf('chat.answerToolCall')).toHaveLength(2);
    expect(card.getAttribute('data-answer')).toBe('result');
  });

  it('cannot be answered while a reply of the conversation is being written, and says why', async () => {
    const s = await show([asking([weather])], { 'chat.answerToolCall': () => ({}) });
    act(() => streamStore.begin('s9', 'c1', 'r9'));
    const card = s.card('get_weather');
    const send = button(card, /^Send result/);
    expect(send.disabled).toBe(true);
    expect(button(card, 'Decline').disabled).toBe(true);
    expect(description(send)).toBe('A reply is being written: answer once it ends.');
    // Ctrl+Enter sends nothing either; the text typed meanwhile stays.
    const area = field(card, 'Result');
    await typeInto(area, 'later');
    await act(async () => { area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true })); });
    expect(s.callsOf('chat.answerToolCall')).toEqual([]);
    act(() => streamStore.end('s9', 'c1', { id: 'r9', role: 'assistant', createdAt: 9, status: 'complete' }));
    expect(button(card, /^Send result/).disabled).toBe(false);
    expect(field(card, 'Result').value).toBe('later');
  });

  it('shows an answered call read-only, as the host stored it', async () => {
    const s = await show([asking([{ ...weather, answer: { kind: 'result', text: 'rain' }, answeredAt: 5 }, { ...clock, answer: { kind: 'declined' }, answeredAt: 6 }])]);
    expect(s.card('get_weather').textContent).toContain('Result sent');
    expect(s.card('get_weather').textContent).toContain('rain');
    expect(s.card('get_time').textContent).toContain('Declined');
    expect(s.host.querySelectorAll('textarea')).toHaveLength(0);
    expect(buttonNames(s.card('get_weather'))).toEqual([]);
    expect(buttonNames(s.card('get_time'))).toEqual([]);
  });
});

describe('a function call with long arguments', () => {
  // As the host sends one (host/chat/tool-call-preview.ts): the first 2,000 characters.
  const whole = JSON.stringify({ city: 'x'.repeat(300_000) });
  const long: ToolCall = { id: 'call_9', name: 'get_weather', arguments: whole.slice(0, 2_000), argumentsChars: whole.length };

  it('shows the preview as written, says how much there is, and loads the rest only on Show all', async () => {
    const s = await show([asking([long])], { 'chat.toolCallArguments': () => ({ arguments: whole }) });
    const card = s.card('get_weather');
    expect(card.querySelector('pre')?.textContent).toBe(long.arguments);
    // A cut piece of JSON is no JSON, and no sign the model wrote it wrong.
    expect(card.textContent).not.toContain('Not valid JSON');
    expect(card.textContent).toContain('The first 2,000 of 300,011 characters.');
    expect(s.callsOf('chat.toolCallArguments')).toEqual([]);
    await click(button(card, 'Show all'));
    await settle();
    expect(s.callsOf('chat.toolCallArguments')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_9' }]);
    // Whole and as written: a large text is not pretty-printed.
    expect(card.querySelector('pre')?.textContent).toBe(whole);
    expect(card.textContent).not.toContain('The first 2,000');
    expect(buttonNames(card)).not.toContain('Show all');
  });

  it('keeps the preview and says why when the rest cannot be read', async () => {
    const s = await show([asking([long])], { 'chat.toolCallArguments': () => Promise.reject(hostError('That function call is no longer in the conversation.', 'not_found')) });
    const card = s.card('get_weather');
    await click(button(card, 'Show all'));
    await settle();
    expect(card.querySelector('pre')?.textContent).toBe(long.arguments);
    expect(card.textContent).toContain('Could not load the rest: That function call is no longer in the conversation.');
    expect(buttonNames(card)).toContain('Show all');
  });

  it('arguments over the cap show as not kept, with the reason among the problems', async () => {
    const problems = [{ code: 'chat.tools.argumentsTooLarge', params: { chars: '30,000,012', limit: '4,194,304' }, message: 'host English' }] as ToolCall['problems'];
    const s = await show([asking([{ id: 'call_8', name: 'get_weather', arguments: '', argumentsRefused: 30_000_012, problems }])]);
    const card = s.card('get_weather');
    expect(card.querySelector('pre')?.textContent).toBe('(not kept: 30,000,012 characters, more than a call may hold)');
    expect(card.querySelector('li')?.textContent).toContain('The model sent 30,000,012 characters of arguments, more than the 4,194,304 a call may hold');
    expect(buttonNames(card)).toEqual(['Decline', 'Send resultCtrl Enter']);
  });

  it('a long result shows its start, folded, and Show all reads the rest', async () => {
    const result = 'Sunny. '.repeat(100_000);
    const answered = { ...weather, answer: { kind: 'result' as const, text: result.slice(0, 2_000) }, answerChars: result.length, answeredAt: 5 };
    const s = await show([asking([answered])], { 'chat.toolCallResult': () => ({ text: result }) });
    const card = s.card('get_weather');
    expect(card.querySelector('details')?.open).toBe(false);
    expect(card.querySelector('details pre')?.textContent).toBe(result.slice(0, 2_000));
    expect(card.textContent).toContain('The first 2,000 of 700,000 characters.');
    await click(button(card, 'Show all'));
    await settle();
    expect(s.callsOf('chat.toolCallResult')).toEqual([{ conversationId: 'c1', messageId: 'r1', callId: 'call_1' }]);
    expect(card.querySelector('details pre')?.textContent).toBe(result);
    expect(card.textContent).not.toContain('The first 2,000');
  });
});
