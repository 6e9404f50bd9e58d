import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '@shared/contract/chat.js';
import { streamStore, TORRENT_CHARS, TORRENT_INTERVAL_MS } from './stream-store.js';

let frames: (() => void)[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
});
afterEach(() => vi.unstubAllGlobals());
const paint = () => frames.splice(0).forEach((f) => f());

const final = (id: string, text: string): ChatMessageView => ({ id, role: 'assistant', createdAt: 0, choices: [{ text }], status: 'complete' });

describe('streamStore', () => {
  it('publishes a burst of deltas once per frame, to the row that shows them only', () => {
    const row = vi.fn();
    const other = vi.fn();
    const offRow = streamStore.subscribeRow('m1', row);
    const offOther = streamStore.subscribeRow('m2', other);
    streamStore.begin('s1', 'c1', 'm1');
    for (let i = 0; i < 1000; i++) streamStore.append({ streamId: 's1', conversationId: 'c1', messageId: 'm1', deltas: [{ choice: 0, text: 'x' }] });
    expect(row).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    paint();
    expect(row).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(streamStore.live('m1')?.texts[0]).toHaveLength(1000);
    expect(streamStore.activeIn('c1')).toEqual({ streamId: 's1', messageId: 'm1' });
    offRow();
    offOther();
    streamStore.end('s1', 'c1', final('m1', 'done'));
  });

  it('keeps alternatives apart and the snapshot stable between frames', () => {
    streamStore.begin('s2', 'c2', 'm2');
    streamStore.append({ streamId: 's2', conversationId: 'c2', messageId: 'm2', deltas: [{ choice: 0, text: 'a' }, { choice: 1, text: 'b' }] });
    paint();
    const snap = streamStore.live('m2');
    streamStore.append({ streamId: 's2', conversationId: 'c2', messageId: 'm2', deltas: [{ choice: 1, text: 'c' }] });
    expect(streamStore.live('m2')).toBe(snap);
    paint();
    expect(streamStore.live('m2')?.texts).toEqual(['a', 'bc']);
    streamStore.end('s2', 'c2', final('m2', 'a'));
  });

  it('ends a stream without re-rendering its row, which keeps its last frame until the final message reaches it', () => {
    const row = vi.fn();
    const off = streamStore.subscribeRow('m4', row);
    streamStore.begin('s4', 'c4', 'm4');
    streamStore.append({ streamId: 's4', conversationId: 'c4', messageId: 'm4', deltas: [{ choice: 0, text: 'so far' }] });
    paint();
    expect(row).toHaveBeenCalledTimes(1);
    streamStore.end('s4', 'c4', final('m4', 'so far, and the rest'));
    paint();
    expect(row).toHaveBeenCalledTimes(1);
    expect(streamStore.streamOf('m4')).toBeUndefined();
    // Continue writes into the same message: a new stream, whose frames are its own.
    streamStore.begin('s5', 'c4', 'm4');
    expect(streamStore.streamOf('m4')).toBe('s5');
    expect(streamStore.live('m4')).toBeUndefined();
    off();
    streamStore.end('s5', 'c4', final('m4', 'done'));
  });

  it('ends a stream: the live text goes, the conversation is free, a late start finds the final message', () => {
    streamStore.append({ streamId: 's3', conversationId: 'c3', messageId: 'm3', deltas: [{ choice: 0, text: 'hi' }] });
    streamStore.end('s3', 'c3', final('m3', 'hi there'));
    paint();
    expect(streamStore.live('m3')).toBeUndefined();
    expect(streamStore.activeIn('c3')).toBeUndefined();
    expect(streamStore.takeEnded('s3')?.choices?.[0].text).toBe('hi there');
    expect(streamStore.takeEnded('s3')).toBeUndefined();
  });

  it('shows a model at its usual pace every frame, and a torrent of text at most ten times a second', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const row = vi.fn();
      const off = streamStore.subscribeRow('m6', row);
      streamStore.begin('s6', 'c6', 'm6');
      const send = (text: string) => streamStore.append({ streamId: 's6', conversationId: 'c6', messageId: 'm6', deltas: [{ choice: 0, text }] });
      // A few words every 30 ms: a frame for each.
      for (let i = 0; i < 5; i++) {
        send('a few words ');
        vi.advanceTimersByTime(30);
        paint();
      }
      expect(row).toHaveBeenCalledTimes(5);
      // A screenful and more every 30 ms: the next frame waits until 100 ms after the last shown one.
      const big = 'x'.repeat(TORRENT_CHARS);
      const shown: number[] = [];
      row.mockImplementation(() => shown.push(Date.now()));
      for (let i = 0; i < 20; i++) {
        send(big);
        vi.advanceTimersByTime(30);
        paint();
      }
      expect(shown.length).toBeGreaterThanOrEqual(5);
      expect(shown.length).toBeLessThanOrEqual(7);
      for (let i = 1; i < shown.length; i++) expect(shown[i] - shown[i - 1]).toBeGreaterThanOrEqual(TORRENT_INTERVAL_MS);
      // Nothing is lost: what was held back is in the next frame.
      send('the end');
      vi.advanceTimersByTime(TORRENT_INTERVAL_MS);
      paint();
      expect(streamStore.live('m6')?.texts[0]).toBe('a few words '.repeat(5) + big.repeat(20) + 'the end');
      off();
      streamStore.end('s6', 'c6', final('m6', 'done'));
    } finally {
      vi.useRealTimers();
    }
  });
});
