import { describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayload } from '../../shared/contract/index.js';
import type { TaskView } from '../../shared/contract/tasks.js';

const shown: { title: string; body: string }[] = [];
vi.mock('electron', () => ({
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
    listener!('settings.onDidChange', { libraryDir: '/x', theme: 'system', language: 'system' });
    expect(shown).toEqual([{ title: 'Video job finished and saved to the library', body: 'wan2.5-t2v-preview: “waves”.' }]);
    dispose();
    expect(listener).toBeUndefined();
  });
});
