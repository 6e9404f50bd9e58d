import { describe, expect, it } from 'vitest';
import { taskNotice } from './task-notice.js';
import type { TaskView } from './tasks.js';

const task = (state: TaskView['state'], extra: Partial<TaskView> = {}): TaskView => ({
  id: 't', kind: 'image', route: 'generic', model: 'seedream-4-5', prompt: 'a fox', params: {}, state, createdAt: 0, downloads: [], ...extra,
});

describe('task notices', () => {
  it('announces a job that finished, failed, expired or timed out, once', () => {
    expect(taskNotice(task('saved'), 'completed')?.title).toBe('Image job finished and saved to the library');
    expect(taskNotice(task('failed', { error: 'The gateway says: refused' }), 'running')).toEqual({
      title: 'Image job failed', body: 'seedream-4-5: “a fox”. The gateway says: refused',
    });
    expect(taskNotice(task('expired', { kind: 'video' }), 'completed')?.title).toMatch(/^Video job finished, but its links expired/);
    expect(taskNotice(task('saved'), 'saved')).toBeUndefined();
  });

  it('announces a paid job whose files could not be saved, with the reason', () => {
    expect(taskNotice(task('attention', { kind: 'video', error: 'The disk is full.' }), 'completed')).toEqual({
      title: 'Video job finished, but its files could not be saved', body: 'seedream-4-5: “a fox”. The disk is full.',
    });
  });

  it('speaks Simplified Chinese too, with the reason as the caller shows it', () => {
    expect(taskNotice(task('failed', { kind: 'video', error: 'refused' }), 'running', 'zh-CN', '网关拒绝了请求')).toEqual({
      title: '视频任务失败', body: 'seedream-4-5：“a fox”。网关拒绝了请求',
    });
    expect(taskNotice(task('saved'), 'completed', 'zh-CN')?.title).toBe('图像任务已完成并保存到作品库');
  });

  it('stays quiet for progress', () => {
    for (const s of ['queued', 'running', 'completed', 'submitting', 'cancelled'] as const) expect(taskNotice(task(s), 'queued')).toBeUndefined();
  });
});
