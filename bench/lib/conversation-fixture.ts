/**
 * Conversations on disk for benchmarks, written with the host's own store (ConversationStore:
 * the same files, index and validation a launch reads). Turns are varied Markdown drawn with a
 * seeded generator, so every run opens the same text: questions with inline code, replies with
 * paragraphs, bullet and numbered lists, headings, tables and code fences, every 25th one long.
 */
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView } from '@shared/contract/chat.js';
import type { Conversation } from '@host/chat/conversation-file.js';
import { ConversationStore } from '@host/chat/conversation-store.js';
import { random, VOCABULARY } from './library-fixture.js';

const CODE: Record<string, string[]> = {
  ts: ['const items = await api.list({ limit: 50 });', 'export function area(r: number): number {', '  return Math.PI * r * r;', '}', 'items.filter((i) => i.done).map((i) => i.id);'],
  python: ['def mean(values):', '    return sum(values) / len(values)', '', 'for row in rows:', '    print(row["name"], mean(row["scores"]))'],
  bash: ['npm install --save-dev vitest', 'git log --oneline | head -20', 'export GATEWAY_URL=http://127.0.0.1:8080'],
  json: ['{', '  "model": "modela-5",', '  "temperature": 0.7,', '  "stream": true', '}'],
};

/** Builds text from a seeded generator: words, sentences and the Markdown blocks made of them. */
function writer(seed: number) {
  const rand = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const words = (n: number) => Array.from({ length: n }, () => pick(VOCABULARY)).join(' ');
  const sentence = () => {
    const s = words(int(6, 16));
    const styled = rand() < 0.2 ? s.replace(/^(\w+) (\w+)/, '$1 **$2**') : rand() < 0.15 ? s.replace(/ (\w+)$/, ' `$1`') : s;
    return `${styled[0].toUpperCase()}${styled.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: int(2, 6) }, sentence).join(' ');
  const list = (ordered: boolean) => Array.from({ length: int(3, 7) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}`).join('\n');
  const fence = () => {
    const language = pick(Object.keys(CODE));
    const lines = Array.from({ length: int(3, 14) }, () => pick(CODE[language]));
    return `\`\`\`${language}\n${lines.join('\n')}\n\`\`\``;
  };
  const table = () => {
    const rows = Array.from({ length: int(2, 6) }, () => `| ${pick(VOCABULARY)} | ${int(1, 999)} | ${words(3)} |`);
    return ['| Name | Count | Notes |', '|:-----|------:|-------|', ...rows].join('\n');
  };
  const block = () => {
    const r = rand();
    return r < 0.45 ? paragraph() : r < 0.6 ? list(false) : r < 0.7 ? list(true) : r < 0.85 ? fence() : r < 0.92 ? `### ${words(int(2, 5))}` : table();
  };
  return {
    question: () => (rand() < 0.3 ? `${sentence()} How do I use \`${pick(VOCABULARY)}\` here?` : Array.from({ length: int(1, 3) }, sentence).join(' ')),
    reply: (long: boolean) => Array.from({ length: long ? int(40, 70) : int(1, 6) }, block).join('\n\n'),
  };
}

/** A conversation of `count` messages (user and assistant turns alternating), newest last. */
export function longConversation(id: string, title: string, count: number, updatedAt: number, seed = 11): Conversation {
  const w = writer(seed);
  const start = updatedAt - count * 60_000;
  const messages: ChatMessageView[] = Array.from({ length: count }, (_, i) => {
    const createdAt = start + i * 60_000;
    if (i % 2 === 0) return { id: `u${i}`, role: 'user', createdAt, text: w.question() };
    const text = w.reply(i % 50 === 49);
    const completion = Math.ceil(text.length / 4);
    return {
      id: `a${i}`, role: 'assistant', createdAt, status: 'complete', model: DEFAULT_CHAT_SETTINGS.model, api: 'chat',
      choices: [{ text, finishReason: 'stop' }], usage: { prompt: 40 + i, completion, total: 40 + i + completion },
    };
  });
  return { version: 1, id, title, titleSet: true, createdAt: start, updatedAt, settings: DEFAULT_CHAT_SETTINGS, messages };
}

/** Writes the conversations into `<dataDir>/conversations` through the host's store; resolves once they are on disk. */
export async function writeConversations(dataDir: string, conversations: Conversation[]): Promise<void> {
  const store = new ConversationStore(join(dataDir, 'conversations'), (line) => console.error(line));
  store.open();
  for (const c of conversations) await store.saveDurable(c);
}

/** A conversation of one question and one reply holding `reply` (a big reply: bench/big-replies.ts). */
export function oneReplyConversation(id: string, title: string, question: string, reply: string, updatedAt: number): Conversation {
  const createdAt = updatedAt - 60_000;
  const completion = Math.ceil(reply.length / 4);
  const messages: ChatMessageView[] = [
    { id: 'u0', role: 'user', createdAt, text: question },
    {
      id: 'a1', role: 'assistant', createdAt: updatedAt, status: 'complete', model: DEFAULT_CHAT_SETTINGS.model, api: 'chat',
      choices: [{ text: reply, finishReason: 'stop' }], usage: { prompt: 20, completion, total: 20 + completion },
    },
  ];
  return { version: 1, id, title, titleSet: true, createdAt, updatedAt, settings: DEFAULT_CHAT_SETTINGS, messages };
}
