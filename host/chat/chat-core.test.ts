/** The chat calls through the contract, against the sandbox gateway over real HTTP and real files. */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openChat } from './test/chat-harness.js';

const png = renderPromptImage({ prompt: 'chat image', width: 320, height: 200 });

describe('conversations', () => {
  it('sends a turn: the user turn is stored, the reply streams in batches and ends complete', async () => {
    const c = await openChat();
    const conv = await c.create();
    const { started, end } = await c.ask(conv.id, '  Plan a picnic [tokens:60]  ');
    expect(started.user).toMatchObject({ role: 'user', text: '  Plan a picnic [tokens:60]  ' });
    expect(started.reply).toMatchObject({ role: 'assistant', status: 'streaming', choices: [{ text: '' }] });
    expect(end).toMatchObject({ outcome: 'done', message: { id: started.reply.id, status: 'complete', api: 'chat', model: 'modela-5', choices: [{ finishReason: 'stop' }] } });
    // The batched deltas add up to the stored text; 60 tokens never need 60 events.
    expect(c.streamed(started.streamId)).toEqual([end.message.choices[0].text]);
    expect(c.events.filter((e) => e.event === 'chat.onDidStream').length).toBeLessThan(60);
    expect(end.message.usage).toMatchObject({ completion: 60 });
    const got = await c.value('chat.get', { id: conv.id });
    expect(got.title).toBe('Plan a picnic [tokens:60]');
    expect(got.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(got.messages[1]).toEqual(end.message);
  });

  it('sends the system prompt and every earlier turn as context', async () => {
    const c = await openChat();
    const conv = await c.create({ systemPrompt: 'You are terse.', temperature: 0.5 });
    await c.ask(conv.id, 'First question');
    const { end } = await c.ask(conv.id, 'Second question');
    expect(end.message.choices[0].text).toMatch(/Conversation turns received: 4[\s\S]*System prompt: "You are terse\."/);
    const body = c.lastBody('/v1/chat/completions');
    expect(body.messages.map((m: any) => [m.role, m.content.slice(0, 18)])).toEqual([
      ['system', 'You are terse.'], ['user', 'First question'], ['assistant', 'Sandbox reply from'], ['user', 'Second question'],
    ]);
    expect(body.temperature).toBe(0.5);
  });

  it('keeps n alternatives; the selected one continues the conversation', async () => {
    const c = await openChat();
    const conv = await c.create({ n: 2 });
    const { started, end } = await c.ask(conv.id, 'Two ways');
    expect(end.message.choices.map((ch: any) => ch.text.slice(0, 13))).toEqual(['Sandbox reply', 'Alternative 2']);
    expect(c.streamed(started.streamId)).toEqual(end.message.choices.map((ch: any) => ch.text));
    await c.value('chat.selectChoice', { conversationId: conv.id, messageId: end.message.id, choice: 1 });
    expect((await c.call('chat.selectChoice', { conversationId: conv.id, messageId: end.message.id, choice: 2 })).error.code).toBe('invalid_input');
    await c.ask(conv.id, 'Go on');
    expect(c.lastBody('/v1/chat/completions').messages[1].content).toMatch(/^Alternative 2/);
  });

  it('without streaming, one call answers whole: one delta event, then the end', async () => {
    const c = await openChat();
    const conv = await c.create({ stream: false });
    const { started, end } = await c.ask(conv.id, 'All at once');
    expect(c.lastBody('/v1/chat/completions').stream).toBe(false);
    expect(c.events.filter((e) => e.event === 'chat.onDidStream' && e.payload.streamId === started.streamId)).toHaveLength(1);
    expect(end).toMatchObject({ outcome: 'done', message: { status: 'complete' } });
    expect(c.streamed(started.streamId)).toEqual([end.message.choices[0].text]);
  });

  it('a new conversation starts from the Chat defaults, tools off, whatever the last one used; changing one changes nothing else', async () => {
    const c = await openChat();
    expect((await c.create()).settings).toMatchObject({ model: 'modela-5', api: 'chat', n: 1, tools: { webSearch: false, functions: [], mcpServers: [] } });
    const defaults = { model: 'modelb-haiku-4-5-20251001', api: 'chat', systemPrompt: 'Be brief.', stream: true, temperature: 0.3, stop: [], n: 2 };
    expect((await c.value('settings.update', { chatDefaults: defaults })).chatDefaults).toEqual(defaults);
    const a = await c.create();
    await c.value('chat.update', { id: a.id, settings: { model: 'modela-5', api: 'responses', n: 3, tools: { webSearch: true, fileSearch: true, functions: [], mcp: { enabled: true, url: 'https://mcp.example/x' }, mcpServers: [] } } });
    await c.value('chat.setMcpToken', { conversationId: a.id, token: 'mcp-token-of-a' });
    await c.ask(a.id, 'Hello');
    const b = await c.create();
    expect(b.settings).toMatchObject({ ...defaults, tools: { webSearch: false, fileSearch: false, functions: [], mcp: { enabled: false, url: '' }, mcpServers: [] } });
    expect(b.mcpTokenTail).toBeUndefined();
    // One conversation's change stays its own: the defaults and the other conversation keep theirs.
    await c.value('chat.update', { id: b.id, settings: { model: 'modela-5-mini', n: 4 } });
    expect((await c.value('settings.get')).chatDefaults).toEqual(defaults);
    expect((await c.value('chat.get', { id: a.id })).settings).toMatchObject({ model: 'modela-5', api: 'responses', n: 3 });
    // What the page asks for still wins over the defaults.
    expect((await c.create({ model: 'modela-5' })).settings).toMatchObject({ model: 'modela-5', temperature: 0.3 });
  });

  it('refuses Chat defaults whose API does not take their model, and keeps the saved ones', async () => {
    const c = await openChat();
    const saved = { model: 'modelc-2.5-pro', api: 'native', systemPrompt: '', stream: false, stop: [], n: 1 };
    await c.value('settings.update', { chatDefaults: saved });
    for (const [model, api] of [['modela-5', 'native'], ['modelb-opus-4-1-20250805', 'responses'], ['modela-4-vision', 'chat']]) {
      const r = await c.call('settings.update', { chatDefaults: { ...saved, model, api } });
      expect(r.error, `${api} ${model}`).toMatchObject({ code: 'invalid_input', message: expect.stringContaining(`does not take ${model}`) });
    }
    expect((await c.call('settings.update', { chatDefaults: { ...saved, n: 0 } })).error).toMatchObject({ code: 'invalid_input' });
    expect((await c.value('settings.get')).chatDefaults).toEqual(saved);
    expect((await c.create()).settings).toMatchObject({ model: 'modelc-2.5-pro', api: 'native', stream: false });
  });

  it('renames, changes settings, searches, lists newest first, and removes', async () => {
    const c = await openChat();
    const a = await c.create({}, 'Named by me');
    await c.ask(a.id, 'Tell me about otters');
    const b = await c.create();
    await c.ask(b.id, 'Something else');
    expect((await c.value('chat.get', { id: a.id })).title).toBe('Named by me');
    const updated = await c.value('chat.update', { id: b.id, title: 'Renamed', settings: { model: 'modelb-haiku-4-5-20251001' } });
    expect(updated).toMatchObject({ title: 'Renamed', model: 'modelb-haiku-4-5-20251001', settings: { model: 'modelb-haiku-4-5-20251001', stream: true } });
    expect(updated.messages).toBeUndefined();
    expect((await c.value('chat.list')).map((s: any) => s.id)).toEqual([b.id, a.id]);
    const hits = await c.value('chat.list', { query: 'OTTERS' });
    expect(hits).toEqual([expect.objectContaining({ id: a.id, snippet: expect.stringMatching(/otters/) })]);
    expect((await c.call('chat.update', { id: a.id, settings: { temperature: 7 } })).error).toMatchObject({ code: 'invalid_input' });
    // `null` clears an optional number back to the gateway's default.
    await c.value('chat.update', { id: a.id, settings: { temperature: 0.4, max_tokens: 99 } });
    const cleared = await c.value('chat.update', { id: a.id, settings: { temperature: null } });
    expect([cleared.settings.temperature, cleared.settings.max_tokens]).toEqual([undefined, 99]);
    await c.ask(a.id, 'Defaults please');
    expect(c.lastBody('/v1/chat/completions')).not.toHaveProperty('temperature');
    // Every change carries the conversation as the sidebar lists it, so the list need not be asked for again.
    const changes = () => c.events.filter((e) => e.event === 'chat.onDidChange' && e.payload.id === a.id).map((e) => e.payload);
    const listed = async () => (await c.value('chat.list', {})).find((s: { id: string }) => s.id === a.id);
    await c.until(async () => JSON.stringify(changes().at(-1).summary) === JSON.stringify(await listed()));
    expect(changes().at(-1)).toMatchObject({ reason: 'updated', summary: { id: a.id, title: 'Named by me', messageCount: 4 } });
    await c.value('chat.remove', { id: a.id });
    expect((await c.call('chat.get', { id: a.id })).error.code).toBe('not_found');
    expect(changes().at(-1)).toEqual({ id: a.id, reason: 'removed' });
  });

  it('edit and resend asks again with the turns above the edited one only (its versions: chat-versions.test.ts)', async () => {
    const c = await openChat();
    const conv = await c.create();
    const first = await c.ask(conv.id, 'Original');
    await c.ask(conv.id, 'Later turn');
    const { started, end } = await c.ask(conv.id, 'Edited', { replaces: first.started.user.id });
    const got = await c.value('chat.get', { id: conv.id });
    expect(got.messages.map((m: any) => m.text ?? m.id)).toEqual(['Edited', started.reply.id]);
    expect(got.title).toBe('Edited');
    expect(end.message.choices[0].text).toMatch(/turns received: 1/);
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'x', replaces: 'nope' })).error.code).toBe('not_found');
  });

  it('gives only the newest turns when asked for the last few, with the true count, and refuses a nonsense count', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.ask(conv.id, 'Question one');
    await c.ask(conv.id, 'Question two');
    const whole = await c.value('chat.get', { id: conv.id });
    const tail = await c.value('chat.get', { id: conv.id, last: 3 });
    expect(tail.messages).toEqual(whole.messages.slice(1));
    expect(tail.messageCount).toBe(4);
    expect({ ...tail, messages: [] }).toEqual({ ...whole, messages: [] });
    // More than there are: all of them.
    expect((await c.value('chat.get', { id: conv.id, last: 50 })).messages).toEqual(whole.messages);
    for (const last of [0, -1, 1.5, '3', 1e9]) expect((await c.call('chat.get', { id: conv.id, last })).error).toMatchObject({ code: 'invalid_input', param: 'last' });
  });

  it('exports Markdown with a safe file name', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.ask(conv.id, 'Plans: a/b? yes');
    const out = await c.value('chat.exportMarkdown', { id: conv.id });
    expect(out.fileName).toBe('Plans a b yes.md');
    expect(out.markdown).toMatch(/^# Plans: a\/b\? yes\n[\s\S]*## You\n\nPlans: a\/b\? yes\n\n## Assistant \(modela-5\)\n\nSandbox reply/);
    expect(out.markdown).toMatch(/_Tokens: prompt \d+ · reply \d+ · total \d+_/);
  });

  it('exports Markdown in the language the studio shows: its own words in Chinese, the conversation verbatim', async () => {
    const c = await openChat();
    const conv = await c.create();
    await c.ask(conv.id, 'Plans for the weekend?');
    const out = await c.value('chat.exportMarkdown', { id: conv.id, language: 'zh-CN' });
    expect(out.markdown).toMatch(/^# Plans for the weekend\?\n\n模型：modela-5 · 导出于 [\d-]+ [\d:]+ UTC\n[\s\S]*## 你\n\nPlans for the weekend\?\n\n## 助手 \(modela-5\)\n\nSandbox reply/);
    expect(out.markdown).toMatch(/_Token 用量：提示 \d+ · 回复 \d+ · 合计 \d+_/);
    expect((await c.call('chat.exportMarkdown', { id: conv.id, language: 'fr' })).error).toMatchObject({ code: 'invalid_input', param: 'language' });
  });
});

describe('images in user turns', () => {
  it('copies an attachment into the library\'s chat-images (not the Gallery) and sends it through the responses API', async () => {
    const c = await openChat();
    const conv = await c.create({ model: 'modela-4-vision', api: 'responses' });
    const a = await c.value('attachments.add', { name: 'photo.png', data: new Uint8Array(png) });
    const { started, end } = await c.ask(conv.id, 'What is this?', { images: [{ attachmentId: a.id }, { url: 'https://images.example/cat.jpg' }] });
    const image = started.user.images[0];
    expect(image).toMatchObject({ kind: 'file', file: expect.stringMatching(/^chat-images\/[0-9a-f-]+\.png$/), name: 'photo.png', mime: 'image/png', width: 320, height: 200 });
    expect((await c.libraryFile(image.file)).equals(png)).toBe(true);
    expect((await c.value('library.list', {})).items).toEqual([]);
    expect(end.message).toMatchObject({ status: 'complete', api: 'responses', model: 'modela-4-vision' });
    expect(end.message.choices[0].text).toMatch(/Images received: 2 \(PNG 320×200[^;]*; image at images\.example\)/);
    const content = c.lastBody('/v1/responses').input[0].content;
    expect(content.map((p: any) => p.type)).toEqual(['input_text', 'input_image', 'input_image']);
    expect(content[1].image_url).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(content[2].image_url).toBe('https://images.example/cat.jpg');
  });

  it('later turns still carry the image; edit and resend can keep it; a missing file is named', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses' });
    const a = await c.value('attachments.add', { name: 'keep.png', data: new Uint8Array(png) });
    const first = await c.ask(conv.id, 'Look', { images: [{ attachmentId: a.id }], imagesFirst: true });
    const file = first.started.user.images[0].file;
    await c.ask(conv.id, 'And the colours?');
    expect(c.lastBody('/v1/responses').input[0].content.map((p: any) => p.type)).toEqual(['input_image', 'input_text']);
    const edited = await c.ask(conv.id, 'Look again', { replaces: first.started.user.id, images: [{ file }] });
    expect(edited.started.user.images).toEqual(first.started.user.images);
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'x', images: [{ file: 'chat-images/elsewhere.png' }] })).error.code).toBe('not_found');
    rmSync(join((await c.value('settings.get')).libraryDir, file));
    const missing = await c.call('chat.send', { conversationId: conv.id, text: 'Once more' });
    expect(missing.error).toMatchObject({ code: 'not_found' });
    expect(missing.error.message).toContain('"keep.png"');
    // Refused before anything was stored.
    expect((await c.value('chat.get', { id: conv.id })).messages).toHaveLength(2);
  });

  it('refuses an image on the chat completions API, which takes text only: nothing stored, nothing sent elsewhere', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'chat', model: 'modela-5' });
    const a = await c.value('attachments.add', { name: 'photo.png', data: new Uint8Array(png) });
    const before = c.sent.length;
    const r = await c.call('chat.send', { conversationId: conv.id, text: 'What is this?', images: [{ attachmentId: a.id }] });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'images', message: expect.stringMatching(/chat completions API takes text only/) });
    expect(c.sent.length).toBe(before);
    expect((await c.value('chat.get', { id: conv.id })).messages).toEqual([]);
  });

  it('refuses an image the model cannot take (GIF), storing nothing and leaving no copy behind', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'responses' });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const a = await c.value('attachments.add', { name: 'anim.gif', data: new Uint8Array(gif) });
    const r = await c.call('chat.send', { conversationId: conv.id, text: 'x', images: [{ attachmentId: a.id }] });
    expect(r.error).toMatchObject({ code: 'invalid_input' });
    expect(r.error.message).toMatch(/anim\.gif.*JPEG or PNG/);
    expect((await c.value('chat.get', { id: conv.id })).messages).toEqual([]);
    const copies = join((await c.value('settings.get')).libraryDir, 'chat-images');
    expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]);
  });
});

describe('native API and tools', () => {
  it('answers through streamGenerateContent with the system instruction, thoughts usage and safety ratings', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'native', model: 'modelc-2.5-pro-thinking', systemPrompt: 'Speak plainly.', max_tokens: 500 });
    const a = await c.value('attachments.add', { name: 'p.png', data: new Uint8Array(png) });
    const { end } = await c.ask(conv.id, 'Describe', { images: [{ attachmentId: a.id }] });
    expect(c.sent.at(-1)!.path).toBe('/v1beta/models/modelc-2.5-pro-thinking:streamGenerateContent?alt=sse');
    expect(end.message).toMatchObject({ status: 'complete', api: 'native', choices: [{ finishReason: 'STOP' }] });
    expect(end.message.choices[0].text).toMatch(/native generateContent[\s\S]*System prompt: "Speak plainly\."[\s\S]*Images received: 1 \(PNG 320×200\)/);
    expect(end.message.usage.thoughts).toBeGreaterThan(0);
    expect(end.message.choices[0].safetyRatings.length).toBeGreaterThan(0);
    expect(end.message.promptSafetyRatings.length).toBeGreaterThan(0);
  });

  it('keeps a safety stop as the reply\'s finish reason; generateContent when streaming is off', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'native', model: 'modelc-2.5-flash', stream: false });
    const { end } = await c.ask(conv.id, 'Something risky [finish:SAFETY]');
    expect(c.sent.at(-1)!.path).toBe('/v1beta/models/modelc-2.5-flash:generateContent');
    expect(end.message).toMatchObject({ status: 'complete', choices: [{ text: '', finishReason: 'SAFETY' }] });
    expect(end.message.choices[0].safetyRatings).toContainEqual({ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' });
  });

  it('refuses an image link on the native API with a clear message', async () => {
    const c = await openChat();
    const conv = await c.create({ api: 'native', model: 'modelc-2.5-flash' });
    const r = await c.call('chat.send', { conversationId: conv.id, text: 'x', images: [{ url: 'https://images.example/a.png' }] });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'images' });
    expect(r.error.message).toMatch(/attached images only/);
  });

  it('offers tools through the responses API; the MCP token is write-only and never leaves the host otherwise', async () => {
    const c = await openChat();
    const token = 'mcp-secret-token-9876';
    const conv = await c.create({ api: 'responses', tools: { webSearch: true, fileSearch: false, functions: [], mcp: { enabled: true, url: 'https://mcp.example/sse' } } });
    expect(await c.value('chat.setMcpToken', { conversationId: conv.id, token })).toEqual({ tokenTail: '9876' });
    expect((await c.value('chat.get', { id: conv.id })).mcpTokenTail).toBe('9876');
    const { end } = await c.ask(conv.id, 'Search the web');
    expect(end.message.choices[0].text).toMatch(/Tools offered: web_search, remote MCP at mcp\.example/);
    expect(c.lastBody('/v1/responses').tools).toEqual([{ type: 'web_search' }, { type: 'remote_mcp', remote_mcp: { url: 'https://mcp.example/sse', auth_token: token } }]);
    const exported = await c.value('chat.exportMarkdown', { id: conv.id });
    const seen = JSON.stringify([c.events, await c.value('chat.get', { id: conv.id }), await c.value('chat.list'), exported, c.logs]);
    expect(seen).not.toContain(token);
    const dataDir = c.ports.dataDir;
    expect(readFileSync(join(dataDir, 'conversations', `${conv.id}.json`), 'utf8')).not.toContain(token);
    expect(await c.value('chat.setMcpToken', { conversationId: conv.id, token: null })).toEqual({});
    await c.value('chat.setMcpToken', { conversationId: conv.id, token });
    await c.value('chat.remove', { id: conv.id });
    expect(c.ports.secrets.get(`mcp:${conv.id}`)).toBeUndefined();
  });
});
