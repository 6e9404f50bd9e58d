import { describe, expect, it } from 'vitest';
import { msg } from '../messages/index.js';
import { translateMessage } from '../messages/translator.js';
import { taskNotice } from './task-notice.js';
import type { TaskView } from './tasks.js';

const task = (state: TaskView['state'], extra: Partial<TaskView> = {}): TaskView => ({
  id: 't', revision: 0, kind: 'image', route: 'generic', model: 'seedream-4-5', prompt: 'a fox', params: {}, state, createdAt: 0, downloads: [], ...extra,
});
const english = (t: TaskView, previous: TaskView['state']) => taskNotice(t, previous, (text) => translateMessage(text, 'en'));
const chinese = (t: TaskView, previous: TaskView['state']) => taskNotice(t, previous, (text) => translateMessage(text, 'zh-CN'));

describe('task notices', () => {
  it('announces a job that finished, failed, expired or timed out, once', () => {
    expect(english(task('saved'), 'completed')?.title).toBe('Image job finished and saved to the library');
    expect(english(task('failed', { error: msg('jobs.task.gatewaySays', { message: 'refused' }) }), 'running')).toEqual({
      title: 'Image job failed', body: 'seedream-4-5: “a fox”. The gateway says: refused',
    });
    expect(english(task('expired', { kind: 'video' }), 'completed')?.title).toMatch(/^Video job finished, but its links expired/);
    expect(english(task('saved'), 'saved')).toBeUndefined();
  });

  it('announces a paid job whose files could not be saved, with the reason', () => {
    expect(english(task('attention', { kind: 'video', error: msg('gateway.download.diskFull') }), 'completed')).toEqual({
      title: 'Video job finished, but its files could not be saved', body: 'seedream-4-5: “a fox”. The disk is full: free some space, then retry the download.',
    });
  });

  it('speaks Simplified Chinese, the job\'s error too, with the gateway\'s own words kept as they came', () => {
    expect(chinese(task('failed', { kind: 'video', error: msg('jobs.task.gatewaySays', { message: 'content policy violation' }) }), 'running')).toEqual({
      title: '视频任务失败', body: 'seedream-4-5：“a fox”。网关提示：content policy violation',
    });
    expect(chinese(task('saved'), 'completed')?.title).toBe('图像任务已完成并保存到作品库');
  });

  it('shows an error saved by an older version (plain English) as it is', () => {
    expect(chinese(task('failed', { error: 'The gateway says: refused' }), 'running')?.body).toBe('seedream-4-5：“a fox”。The gateway says: refused');
  });

  it('stays quiet for progress', () => {
    for (const s of ['queued', 'running', 'completed', 'submitting', 'cancelled'] as const) expect(english(task(s), 'queued')).toBeUndefined();
  });
});
