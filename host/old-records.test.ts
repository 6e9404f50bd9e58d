/**
 * Files written before messages were data (shared/messages) still open: a task's error and a
 * reply's error saved as plain English are read, passed on and shown as they were written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatMessageView, DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { taskNotice } from '@shared/contract/task-notice.js';
import { TaskView } from '@shared/contract/tasks.js';
import { translateMessage } from '@shared/messages/translator.js';
import { ConversationStore } from './chat/conversation-store.js';
import { storeAt } from './tasks/test/store-at.js';
import { toTaskView } from './tasks/task-view.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'old-records-'));
  dirs.push(dir);
  return dir;
};

const OLD_ERROR = 'The gateway says: content policy violation';

describe('records saved by an older version', () => {
  it('a jobs.json whose job holds its error as plain English opens, and the error is shown as written', () => {
    const file = join(folder(), 'jobs.json');
    writeFileSync(file, JSON.stringify({ version: 1, jobs: [{
      id: 'j1', profileId: 'sandbox', route: 'generic', kind: 'image', model: 'seedream-4-5', prompt: 'a fox', params: {},
      state: 'failed', error: OLD_ERROR, createdAt: 1, updatedAt: 2, finishedAt: 2, checks: 3, errorStreak: 0, resultUrls: [],
      downloads: [{ url: 'https://cdn.example/x.png', state: 'failed', received: 0, error: 'The download was interrupted.' }],
    }] }));
    const unreadable: (string | null)[] = [];
    const store = storeAt(file, () => undefined, (b) => unreadable.push(b));
    expect(unreadable).toEqual([]);
    const view = toTaskView(store.get('j1')!);
    expect(TaskView.parse(view).error).toBe(OLD_ERROR);
    expect(translateMessage(view.error, 'zh-CN')).toBe(OLD_ERROR);
    expect(taskNotice(view, 'running', (t) => translateMessage(t, 'zh-CN'))?.body).toBe(`seedream-4-5：“a fox”。${OLD_ERROR}`);
  });

  it('a conversation whose failed reply holds an error without message data opens, its English kept', () => {
    const dir = folder();
    const reply = {
      id: 'a1', role: 'assistant', createdAt: 1, choices: [{ text: '' }], selected: 0, status: 'failed',
      error: { code: 'server_error', message: 'The gateway had a problem (500); this is usually temporary.', retryable: true, status: 500 },
    };
    writeFileSync(join(dir, 'c1.json'), JSON.stringify({
      version: 1, id: 'c1', title: 'Old', titleSet: true, createdAt: 1, updatedAt: 1, settings: DEFAULT_CHAT_SETTINGS,
      messages: [{ id: 'u1', role: 'user', createdAt: 1, text: 'hello' }, reply],
    }));
    const store = new ConversationStore(dir, () => undefined);
    store.open();
    const opened = ChatMessageView.parse(store.get('c1').messages[1]);
    expect(opened.error).toEqual(reply.error);
    expect(translateMessage(opened.error?.text ?? opened.error?.message, 'zh-CN')).toBe(reply.error.message);
  });
});
