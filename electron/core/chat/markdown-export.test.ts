/** The Markdown export: readable, with images as links, usage lines, a safe name and no secrets. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
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

describe('safeFileName', () => {
  it('removes separators, reserved characters and device names, and is never empty', () => {
    expect(safeFileName('a/b\\c:d*e?"f"<g>|h')).toBe('a b c d e f g h.md');
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd.md');
    expect(safeFileName('CON')).toBe('CON chat.md');
    expect(safeFileName(' ...  ')).toBe('Conversation.md');
    expect(safeFileName('x'.repeat(300))).toBe(`${'x'.repeat(80)}.md`);
  });
});
