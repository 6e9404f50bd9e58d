import { describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { DEFAULT_MEDIA_LIMITS } from '@shared/contract/settings.js';

const shown: { title: string; body: string }[] = [];
let locale = 'en-US';
vi.mock('electron', () => ({
  app: { getLocale: () => locale },
  Notification: class {
    static isSupported = () => true;
    constructor(private readonly opts: { title: string; body: string }) {}
    show() {
      shown.push({ title: this.opts.title, body: this.opts.body });
    }
  },
}));

const { notifyOnJobEnd } = await import('./notifications.js');

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

describe('desktop notifications', () => {
  it('shows one notification when a job ends, none for progress or other events', () => {
    let listener: Listener | undefined;
    const dispose = notifyOnJobEnd({ subscribe: (l) => { listener = l; return () => { listener = undefined; }; } });
    const task = (state: TaskView['state']): TaskView => ({ id: 'j1', kind: 'video', route: 'multipart', model: 'wan2.5-t2v-preview', prompt: 'waves', params: {}, state, createdAt: 0, downloads: [] });
    for (const s of ['queued', 'running', 'completed', 'saved', 'saved'] as const) listener!('tasks.onDidChange', task(s));
    listener!('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'system', mediaLimits: DEFAULT_MEDIA_LIMITS });
    expect(shown).toEqual([{ title: 'Video job finished and saved to the library', body: 'wan2.5-t2v-preview: “waves”.' }]);
    dispose();
    expect(listener).toBeUndefined();
  });

  it('speaks the chosen language, or the operating system\'s, and follows a change in Settings', () => {
    shown.length = 0;
    let listener: Listener | undefined;
    notifyOnJobEnd({ subscribe: (l) => { listener = l; return () => undefined; } }, 'system');
    const task = (id: string): TaskView => ({ id, kind: 'image', route: 'generic', model: 'seedream-4-5', prompt: '灯塔', params: {}, state: 'saved', createdAt: 0, downloads: [] });
    locale = 'zh-CN';
    listener!('tasks.onDidChange', task('a'));
    listener!('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'en', mediaLimits: DEFAULT_MEDIA_LIMITS });
    listener!('tasks.onDidChange', task('b'));
    expect(shown.map((s) => s.title)).toEqual(['图像任务已完成并保存到作品库', 'Image job finished and saved to the library']);
  });
});
