/**
 * A studio process that saves conversations as fast as it can until it is killed:
 * `tsx write-conversations.ts <dir>`. Generation n rewrites conversation `main` (its last reply
 * says `gen n`; odd generations are mid-stream, so the index is written first) and, every fifth
 * generation, starts conversation `extra-n` (its file first, then the index). Used by
 * conversation-store-kill.test.ts.
 */
import { DEFAULT_CHAT_SETTINGS, type ChatMessageView } from '@shared/contract/chat.js';
import type { Conversation } from '../conversation-file.js';
import { ConversationStore } from '../conversation-store.js';

const [dir] = process.argv.slice(2);
const problems: string[] = [];
const store = new ConversationStore(dir, (line) => problems.push(line));
store.open();
if (problems.length) {
  process.stderr.write(`the conversations did not load cleanly: ${problems.join('; ')}\n`);
  process.exit(3);
}

const history: ChatMessageView[] = Array.from({ length: 120 }, (_, i) => (i % 2
  ? { id: `a${i}`, role: 'assistant', createdAt: i, choices: [{ text: `An answer that runs for a while, number ${i}. `.repeat(6) }], selected: 0, status: 'complete' }
  : { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}: tell me more about lighthouses.` }));
const conversation = (id: string, gen: number, streaming: boolean): Conversation => ({
  version: 1, id, title: id, titleSet: true, createdAt: 1, updatedAt: gen, settings: { ...DEFAULT_CHAT_SETTINGS },
  messages: [...history, { id: 'last', role: 'assistant', createdAt: gen, choices: [{ text: `gen ${gen}` }], selected: 0, status: streaming ? 'streaming' : 'complete' }],
});

let gen = store.has('main') ? store.get('main').updatedAt : 0;
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  // Durable: "done n" must mean generation n is on disk.
  await store.saveDurable(conversation('main', gen, gen % 2 === 1));
  if (gen % 5 === 0) await store.saveDurable(conversation(`extra-${gen}`, gen, false));
  process.stdout.write(`done ${gen}\n`);
}
