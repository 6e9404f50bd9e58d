/**
 * Documents in chat messages through the contract, on a real core, real files and the sandbox
 * behind a hop that records every request (docs/chat-documents.md): what the model receives,
 * what is refused before anything is sent, and what a removed conversation leaves behind.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPromptImage } from '@sandbox/media/image-render.js';
import { openChat } from './test/chat-harness.js';
import { makePdf } from './test/make-pdf.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const MD = '# Picnic plan\n\nBring ```lemonade``` and a blanket.\n';
const CSV = 'item,qty\napples,6\nbread,2\n';
const PDF = makePdf([['Quarterly report (draft)', 'Revenue grew by 12 percent.'], ['Second page: outlook is calm.']]);

const generateRequests = (c: Awaited<ReturnType<typeof openChat>>) => c.sent.filter((s) => /\/v1\/(chat\/completions|responses)|:(stream)?[gG]enerateContent/.test(s.path));

describe('documents in a chat message', () => {
  it('a Markdown, a CSV and a PDF arrive inline in the user turn, each under its name in a fence; the turn keeps them', async () => {
    const c = await openChat();
    const conv = await c.create();
    const md = await c.value('chat.addDocument', { name: 'plan.md', data: bytes(MD) });
    const csv = await c.value('chat.addDocument', { name: 'list.csv', data: bytes(CSV) });
    const pdf = await c.value('chat.addDocument', { name: 'report.pdf', data: PDF });
    expect(md).toMatchObject({ name: 'plan.md', mime: 'text/markdown', chars: MD.length, tokens: Math.ceil(MD.length / 4) });
    expect(csv).toMatchObject({ name: 'list.csv', mime: 'text/csv' });
    expect(pdf).toMatchObject({ name: 'report.pdf', mime: 'application/pdf', pages: 2 });
    const documents = [md, csv, pdf].map((d) => ({ documentId: d.id }));
    const { started, end } = await c.ask(conv.id, 'Summarise these.', { documents });
    expect(end.outcome).toBe('done');
    const content: string = c.lastBody('/v1/chat/completions').messages.at(-1).content;
    expect(content.startsWith('Summarise these.\n\nDocument: plan.md (text/markdown)\n````\n# Picnic plan')).toBe(true);
    // The Markdown holds a run of three backticks: the fence is longer, so it cannot close early.
    expect(content).toContain('Bring ```lemonade``` and a blanket.\n\n````\n\nDocument: list.csv (text/csv)\n```\nitem,qty\napples,6\nbread,2\n\n```');
    expect(content).toMatch(/Document: report\.pdf \(application\/pdf\)\n```\nQuarterly report \(draft\)\s*\nRevenue grew by 12 percent\.[\s\S]*Second page: outlook is calm\.\n```$/);
    // The stored turn keeps the documents (name, type, tokens, where the text is), not the text.
    const user = (await c.value('chat.get', { id: conv.id })).messages[0];
    expect(user.text).toBe('Summarise these.');
    expect(user.documents).toHaveLength(3);
    expect(started.user.documents).toEqual(user.documents);
    expect(user.documents[0]).toMatchObject({ name: 'plan.md', mime: 'text/markdown', tokens: md.tokens, file: expect.stringMatching(/^chat-documents\/[0-9a-f-]+\.txt$/) });
    expect((await c.libraryFile(user.documents[1].file)).toString('utf8')).toBe(CSV);
    // The next turn carries the documents again, as context.
    await c.ask(conv.id, 'And the total?');
    expect(c.lastBody('/v1/chat/completions').messages[0].content).toContain('Document: list.csv (text/csv)');
    // A document waits for one message: sending it twice is refused.
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'again', documents: [documents[0]] })).error).toMatchObject({ code: 'not_found', param: 'documents' });
  });

  it('goes inline through the responses API and the native API too', async () => {
    const c = await openChat();
    const responses = await c.create({ model: 'modela-5', api: 'responses' });
    const a = await c.value('chat.addDocument', { name: 'notes.txt', data: bytes('Meet at noon.') });
    await c.ask(responses.id, 'When?', { documents: [{ documentId: a.id }] });
    expect(c.lastBody('/v1/responses').input.at(-1).content).toEqual([{ type: 'input_text', text: 'When?\n\nDocument: notes.txt (text/plain)\n```\nMeet at noon.\n```' }]);
    const native = await c.create({ model: 'modelc-2.5-flash', api: 'native' });
    const b = await c.value('chat.addDocument', { name: 'main.py', data: bytes('print("hi")\n') });
    await c.ask(native.id, '', { documents: [{ documentId: b.id }] });
    expect(c.lastBody('/v1beta/models/').contents.at(-1).parts).toEqual([{ text: 'Document: main.py (text/plain)\n```\nprint("hi")\n\n```' }]);
  });

  it('refuses a binary file renamed .txt, and a kind of file it does not read, saying why', async () => {
    const c = await openChat();
    const png = renderPromptImage({ prompt: 'not text', width: 64, height: 64 });
    const r = await c.call('chat.addDocument', { name: 'notes.txt', data: new Uint8Array(png) });
    expect(r.error).toMatchObject({ code: 'invalid_input', message: '"notes.txt" is not a text file (it holds binary data). Attach text, Markdown, code, CSV or PDF files.' });
    const latin1 = await c.call('chat.addDocument', { name: 'old.txt', data: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]) });
    expect(latin1.error.message).toMatch(/is not a text file/);
    expect((await c.call('chat.addDocument', { name: 'song.mp3', data: bytes('ID3') })).error.message).toMatch(/not a kind of document the studio reads/);
    // A name that would not show as it is loses its hidden characters.
    expect((await c.value('chat.addDocument', { name: 'evil\u202etxt.md\n', data: bytes('x') })).name).toBe('eviltxt.md');
    expect((await c.call('chat.addDocument', { name: 'broken.pdf', data: bytes('%PDF-1.4\nnothing here') })).error.message).toMatch(/^The PDF "broken\.pdf" could not be read/);
  });

  it('refuses a document too large for the model with the numbers, before any request; the conversation is unchanged', async () => {
    const c = await openChat();
    const conv = await c.create({ model: 'modela-5' });
    const big = await c.value('chat.addDocument', { name: 'book.txt', data: bytes('word '.repeat(144_000)) });
    expect(big.tokens).toBe(180_000);
    const before = generateRequests(c).length;
    const r = await c.call('chat.send', { conversationId: conv.id, text: '', documents: [{ documentId: big.id }] });
    expect(r.error).toMatchObject({ code: 'invalid_input', param: 'documents', message: 'This document is about 180,000 tokens; modela-5 takes about 128,000. Nothing was sent.' });
    // Two that fit alone but not together, with the message, are refused as a whole.
    const half = await c.value('chat.addDocument', { name: 'half.txt', data: bytes('x'.repeat(280_000)) });
    const other = await c.value('chat.addDocument', { name: 'other.txt', data: bytes('y'.repeat(240_000)) });
    const both = await c.call('chat.send', { conversationId: conv.id, text: 'Compare', documents: [{ documentId: half.id }, { documentId: other.id }] });
    expect(both.error.message).toBe('These documents and your message are about 130,002 tokens; modela-5 takes about 128,000. Nothing was sent.');
    expect(generateRequests(c).length).toBe(before);
    expect((await c.value('chat.get', { id: conv.id })).messages).toEqual([]);
    const folder = join((await c.value('settings.get')).libraryDir, 'chat-documents');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    // A model with a larger context takes the same document.
    await c.value('chat.update', { id: conv.id, settings: { model: 'modelc-2.5-pro' } });
    const { end } = await c.ask(conv.id, '', { documents: [{ documentId: big.id }] });
    expect(end.outcome).toBe('done');
  });

  it('a removed conversation removes its document files; an edit keeps the documents it resends', async () => {
    const c = await openChat();
    const conv = await c.create();
    const doc = await c.value('chat.addDocument', { name: 'a.md', data: bytes('# A') });
    const first = await c.ask(conv.id, 'Read', { documents: [{ documentId: doc.id }] });
    const file = first.started.user.documents[0].file;
    const edited = await c.ask(conv.id, 'Read again', { replaces: first.started.user.id, documents: [{ file }] });
    expect(edited.started.user.documents).toEqual(first.started.user.documents);
    expect(c.lastBody('/v1/chat/completions').messages.at(-1).content).toBe('Read again\n\nDocument: a.md (text/markdown)\n```\n# A\n```');
    expect((await c.call('chat.send', { conversationId: conv.id, text: 'x', documents: [{ file: 'chat-documents/elsewhere.txt' }] })).error.code).toBe('not_found');
    // The Markdown export names the document and links its text; it does not copy it.
    const { markdown } = await c.value('chat.exportMarkdown', { id: conv.id });
    expect(markdown).toContain(`Read again\n\n- [Document: a.md (about 1 tokens)](${file})\n`);
    const abs = join((await c.value('settings.get')).libraryDir, ...file.split('/'));
    expect(readFileSync(abs, 'utf8')).toBe('# A');
    await c.value('chat.remove', { id: conv.id });
    expect(existsSync(abs)).toBe(false);
  });
});
