/** The Markdown export: readable, with images as links, usage lines, a safe name and no secrets. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { msg } from '@shared/messages/index.js';
import type { Conversation } from './conversation-file.js';
import { exportMarkdown, safeFileName } from './markdown-export.js';

const c: Conversation = {
  version: 1, id: 'c', title: 'Colours of a [sunset]', titleSet: false, createdAt: 0, updatedAt: 0,
  settings: { ...DEFAULT_CHAT_SETTINGS, model: 'modela-5', systemPrompt: 'Be vivid.\nBe short.', tools: { ...DEFAULT_CHAT_SETTINGS.tools, mcp: { enabled: true, url: 'https://user:pw@mcp.test' } } },
  messages: [
    { id: 'u1', role: 'user', createdAt: 0, text: 'What colours?', images: [{ kind: 'file', file: 'chat-images/a b.png', name: 'my [photo].png', mime: 'image/png' }, { kind: 'url', url: 'https://x.test/s(1).jpg' }] },
    { id: 'a1', role: 'assistant', createdAt: 0, model: 'modela-4-vision', choices: [{ text: 'Orange.', finishReason: 'stop' }, { text: 'Pink and **gold**.', finishReason: 'stop' }], selected: 1, status: 'complete', usage: { prompt: 90, completion: 6, total: 96 } },
    { id: 'u2', role: 'user', createdAt: 0, text: 'More?' },
    { id: 'a2', role: 'assistant', createdAt: 0, choices: [{ text: 'Violet at du', finishReason: undefined }], status: 'incomplete', error: { code: 'unreachable', message: 'The connection dropped.', retryable: true } },
  ],
};

describe('exportMarkdown', () => {
  const { fileName, markdown } = exportMarkdown(c, Date.UTC(2026, 0, 2, 3, 4));

  it('has the title, model, system prompt and each turn under a role heading', () => {
    expect(markdown).toMatch(/^# Colours of a \[sunset\]\n\nModel: modela-5 · Exported 2026-01-02 03:04 UTC\n/);
    expect(markdown).toContain('## System prompt\n\n> Be vivid.\n> Be short.');
    expect(markdown.match(/^## (You|Assistant.*)$/gm)).toEqual(['## You', '## Assistant (modela-4-vision)', '## You', '## Assistant (modela-5)']);
  });

  it('shows the selected alternative, images as links, usage and why a reply is unfinished', () => {
    expect(markdown).toContain('_Alternative 2 of 2_\n\nPink and **gold**.');
    expect(markdown).not.toContain('Orange.');
    expect(markdown).toContain('![my \\[photo\\].png](chat-images/a%20b.png)');
    expect(markdown).toContain('![image](https://x.test/s%281%29.jpg)');
    expect(markdown).toContain('_Tokens: prompt 90 · reply 6 · total 96_');
    expect(markdown).toContain('> This reply is incomplete. The connection dropped.');
  });

  it('carries no tool settings (an MCP address can hold credentials)', () => {
    expect(markdown).not.toMatch(/mcp|pw@/i);
    expect(fileName).toBe('Colours of a [sunset].md');
  });
});

describe('exportMarkdown: function calls', () => {
  it('fences a result no backticks inside can close, notes unanswered calls, and totals the tokens of every turn', () => {
    const calls: Conversation = {
      ...c,
      messages: [
        { id: 'u', role: 'user', createdAt: 0, text: 'Run it' },
        {
          id: 'a', role: 'assistant', createdAt: 0, status: 'complete', usage: { prompt: 10, completion: 2, total: 12 },
          choices: [{ text: '', finishReason: 'tool_calls', toolCalls: [
            { id: '1', name: 'run_code', arguments: 'not json', answer: { kind: 'result', text: 'a ``` b' } },
            { id: '2', name: 'later', arguments: '{}' },
          ] }],
        },
        { id: 'b', role: 'assistant', createdAt: 0, status: 'complete', usage: { prompt: 20, completion: 5, total: 25 }, choices: [{ text: 'Done.' }] },
      ],
    };
    const { markdown } = exportMarkdown(calls, 0);
    expect(markdown).toContain('**Function call: run_code**\n\n```json\nnot json\n```\n\nResult:\n\n````\na ``` b\n````');
    expect(markdown).toContain('**Function call: later**\n\n```json\n{}\n```\n\n_Not answered._');
    expect(markdown.trimEnd().split('\n').at(-1)).toBe('_Tokens in this conversation: prompt 30 · reply 7 · total 37_');
  });
});

describe('exportMarkdown in the studio\'s language', () => {
  const conversation: Conversation = {
    ...c,
    title: 'Colours of a [sunset]',
    messages: [
      ...c.messages.slice(0, 3),
      {
        id: 'a2', role: 'assistant', createdAt: 0, status: 'incomplete', usage: { prompt: 10, completion: 2, total: 12, thoughts: 1 },
        choices: [{ text: 'Violet at du', finishReason: 'length', toolCalls: [
          { id: '1', name: 'paint', arguments: '{"hue": 1}', problems: [msg('chat.tools.replyUnfinished')] },
          { id: '2', name: 'mix', arguments: '{}', answer: { kind: 'result', text: 'done' } },
          { id: '3', name: 'erase', arguments: '{}', answer: { kind: 'declined' } },
        ] }],
        error: { code: 'unreachable', message: 'The reply failed on the gateway.', text: msg('chat.reply.failedOnGateway'), retryable: true },
      },
    ],
  };
  const english = exportMarkdown(conversation, Date.UTC(2026, 0, 2, 3, 4), undefined, 'en').markdown;
  const chinese = exportMarkdown(conversation, Date.UTC(2026, 0, 2, 3, 4), undefined, 'zh-CN').markdown;
  /** Every word the export itself writes, in English. */
  const LABELS = /\b(Model|Exported|System prompt|You|Assistant|Alternative|Function call|Problems with the arguments|Result|Declined|Not answered|Finish reason|Tokens|prompt \d|reply \d|thinking \d|total \d|This reply)\b/;

  it('writes its headings and notes in Chinese, with no English label left', () => {
    expect(english).toMatch(LABELS);
    expect(chinese).not.toMatch(LABELS);
    expect(chinese).toContain('导出于 2026-01-02 03:04 UTC');
    expect(chinese.match(/^## .*$/gm)).toEqual(['## 系统提示', '## 你', '## 助手 (modela-4-vision)', '## 你', '## 助手 (modela-5)']);
    // A message the host wrote is in Chinese too (the reply's failure, a call's problem).
    expect(chinese).toContain('这条回复不完整。');
    expect(chinese).not.toContain('The reply failed on the gateway.');
    expect(chinese).not.toContain('This reply did not finish');
  });

  it('keeps the conversation\'s own text verbatim', () => {
    for (const own of ['# Colours of a [sunset]', 'modela-5', '> Be vivid.\n> Be short.', 'What colours?', 'Pink and **gold**.', 'Violet at du', 'More?', '![my \\[photo\\].png](chat-images/a%20b.png)', '"hue": 1', 'paint', 'done']) {
      expect(chinese).toContain(own);
    }
  });

  it('titles a conversation the host named by default in Chinese too, and keeps a title the creator set', () => {
    const untitled = exportMarkdown({ ...conversation, title: 'New conversation', titleSet: false }, 0, undefined, 'zh-CN');
    expect(untitled.markdown).toMatch(/^# 新对话\n/);
    expect(untitled.fileName).toBe('新对话.md');
    const theirs = exportMarkdown({ ...conversation, title: 'New conversation', titleSet: true }, 0, undefined, 'zh-CN');
    expect(theirs.markdown).toMatch(/^# New conversation\n/);
  });

  it('lays out the same document in both languages: only the export\'s own words differ', () => {
    expect(chinese.split('\n').length).toBe(english.split('\n').length);
  });
});

describe('safeFileName', () => {
  it('removes separators, reserved characters and device names, and is never empty', () => {
    expect(safeFileName('a/b\\c:d*e?"f"<g>|h')).toBe('a b c d e f g h.md');
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd.md');
    expect(safeFileName('CON')).toBe('CON chat.md');
    expect(safeFileName(' ...  ')).toBe('Conversation.md');
    expect(safeFileName('x'.repeat(300))).toBe(`${'x'.repeat(80)}.md`);
  });
});
