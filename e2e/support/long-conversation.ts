/** A long conversation written as the host stores it: a history no journey through the UI makes quickly. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';

/** A data dir holding one conversation of `count` messages, written as the host stores it. */
export function seedLongConversation(dataDir: string, count: number): void {
  const dir = join(dataDir, 'conversations');
  mkdirSync(dir, { recursive: true });
  const messages = Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question number ${i}: ${'why '.repeat(i % 30)}` }
      : {
          id: `a${i}`, role: 'assistant', createdAt: i, status: 'complete', model: 'modela-5', api: 'chat',
          choices: [{ text: `Answer ${i}.\n\n${'- a point with `code` and **bold**\n'.repeat(1 + (i % 7))}\n\`\`\`ts\nconst x${i} = ${i};\n\`\`\`\n`, finishReason: 'stop' }],
          usage: { prompt: 10, completion: 20, total: 30 },
        });
  const conversation = { version: 1, id: 'long-one', title: 'A long conversation', titleSet: true, createdAt: 1, updatedAt: 2, settings: DEFAULT_CHAT_SETTINGS, messages };
  writeFileSync(join(dir, 'long-one.json'), JSON.stringify(conversation));
}
