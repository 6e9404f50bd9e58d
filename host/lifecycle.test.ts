import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle.js';

describe('a start-up that is undone in order', () => {
  it('closes what it started, newest first, once however often close is called', async () => {
    const closed: string[] = [];
    const life = new Lifecycle();
    await life.start('gateway', () => 'g', () => void closed.push('gateway'));
    await life.start('library', async () => 'l', async () => void closed.push('library'));
    life.started('listeners', () => void closed.push('listeners'));
    await Promise.all([life.close(), life.close()]);
    await life.close();
    expect(closed).toEqual(['listeners', 'library', 'gateway']);
  });

  it('on a failed step closes every step before it and passes the first error on', async () => {
    const closed: string[] = [];
    const life = new Lifecycle();
    const failure = new Error('the disk refused the chat folder');
    await expect(life.boot(async (l) => {
      await l.start('gateway', () => 1, () => void closed.push('gateway'));
      await l.start('library', () => 2, () => void closed.push('library'));
      await l.start('chat', () => Promise.reject(failure), () => void closed.push('chat'));
    })).rejects.toBe(failure);
    // The step that failed never started, so it is not closed.
    expect(closed).toEqual(['library', 'gateway']);
  });

  it('still closes the rest when one step fails to close, and says which in the log', async () => {
    const closed: string[] = [];
    const log: string[] = [];
    const life = new Lifecycle((line) => log.push(line));
    life.started('gateway', () => void closed.push('gateway'));
    life.started('library', () => {
      throw new Error('index write refused');
    });
    life.started('chat', () => void closed.push('chat'));
    await life.close();
    expect(closed).toEqual(['chat', 'gateway']);
    expect(log.join('\n')).toMatch(/library.*index write refused/);
  });

  it('refuses a step that starts after the shutdown began, so nothing outlives the close', async () => {
    const life = new Lifecycle();
    await life.close();
    expect(() => life.started('late timer', () => undefined)).toThrow(/after the shutdown/);
  });
});
