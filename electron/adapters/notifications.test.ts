import { msg } from '@shared/messages/index.js';
import { describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { DEFAULT_MEDIA_LIMITS } from '@shared/contract/settings.js';
import { DEFAULT_CHAT_DEFAULTS } from '@shared/contract/chat.js';

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

/** The core's typed events, as `notifyOnJobEnd` subscribes to them. */
function events() {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  return {
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => void set.delete(listener as (payload: unknown) => void);
    },
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

describe('desktop notifications', () => {
  it('shows one notification when a job ends, none for progress or other events', () => {
    const core = events();
    const dispose = notifyOnJobEnd(core);
    const task = (state: TaskView['state']): TaskView => ({ id: 'j1', revision: 0, kind: 'video', route: 'multipart', model: 'wan2.5-t2v-preview', prompt: 'waves', params: {}, state, createdAt: 0, downloads: [] });
    for (const s of ['queued', 'running', 'completed', 'saved', 'saved'] as const) core.emit('tasks.onDidChange', task(s));
    core.emit('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'system', mediaLimits: DEFAULT_MEDIA_LIMITS, chatSendKey: 'enter', chatDefaults: DEFAULT_CHAT_DEFAULTS });
    expect(shown).toEqual([{ title: 'Video job finished and saved to the library', body: 'wan2.5-t2v-preview: “waves”.' }]);
    dispose();
    expect(core.count()).toBe(0);
  });

  it('speaks the chosen language, or the operating system\'s, and follows a change in Settings', () => {
    shown.length = 0;
    const core = events();
    notifyOnJobEnd(core, 'system');
    const task = (id: string): TaskView => ({ id, revision: 0, kind: 'image', route: 'generic', model: 'seedream-4-5', prompt: '灯塔', params: {}, state: 'saved', createdAt: 0, downloads: [] });
    locale = 'zh-CN';
    core.emit('tasks.onDidChange', task('a'));
    core.emit('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'en', mediaLimits: DEFAULT_MEDIA_LIMITS, chatSendKey: 'enter', chatDefaults: DEFAULT_CHAT_DEFAULTS });
    core.emit('tasks.onDidChange', task('b'));
    expect(shown.map((s) => s.title)).toEqual(['图像任务已完成并保存到作品库', 'Image job finished and saved to the library']);
  });

  it('tells a Chinese-speaking creator why a job failed in Chinese, the gateway\'s own words verbatim', () => {
    shown.length = 0;
    const core = events();
    notifyOnJobEnd(core, 'zh-CN');
    const failed: TaskView = {
      id: 'f1', revision: 0, kind: 'image', route: 'generic', model: 'seedream-4-5', prompt: 'a fox', params: {}, state: 'failed', createdAt: 0, downloads: [],
      error: msg('jobs.task.gatewaySays', { message: 'content policy violation' }),
    };
    core.emit('tasks.onDidChange', failed);
    expect(shown).toEqual([{ title: '图像任务失败', body: 'seedream-4-5：“a fox”。网关提示：content policy violation' }]);
  });

  it('shows a budget warning as the host gives it, in the studio\'s language, and nothing for a change without one', () => {
    shown.length = 0;
    locale = 'en-US';
    const core = events();
    const dispose = notifyOnJobEnd(core, 'en');
    const status = { profileId: 'p', hardStop: true, overrideArmed: false, blocked: false, budgets: [] };
    core.emit('budgets.onChange', { status, warnings: [] });
    core.emit('budgets.onChange', { status, warnings: [{ profileId: 'p', profileName: 'Work', kind: 'dailyMoney', level: 80, spent: 800, limit: 1000 }] });
    core.emit('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'zh-CN', mediaLimits: DEFAULT_MEDIA_LIMITS, chatSendKey: 'enter', chatDefaults: DEFAULT_CHAT_DEFAULTS });
    core.emit('budgets.onChange', { status, warnings: [{ profileId: 'p', profileName: 'Work', kind: 'monthlyTokens', level: 100, spent: 5200, limit: 5000 }] });
    expect(shown).toEqual([
      { title: '80 % of your daily spending budget is spent', body: '¥0.08 of ¥0.10 spent on Work.' },
      { title: '每月 token预算已用完', body: 'Work 已用 5200 个 token，预算 5000 个 token。' },
    ]);
    dispose();
    expect(core.count()).toBe(0);
  });
});
