/**
 * A call's answer read piece by piece (read-json.ts), with real Response objects whose bodies
 * arrive in chunks as a network's would.
 */
import { describe, expect, it } from 'vitest';
import { readJson, YIELD_BYTES } from './read-json.js';

/** A response whose body arrives as these chunks of bytes, one per read. */
function arriving(chunks: Uint8Array[], headers: Record<string, string> = {}): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } });
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('an answer read as it arrives', () => {
  it('joins characters whose bytes were split between two chunks', async () => {
    const whole = bytes(JSON.stringify({ ok: true, value: { text: 'Grüße, 日本, 😀 and more' } }));
    // Cut inside every multi-byte character at once: one byte a chunk.
    const chunks = [...whole].map((b) => Uint8Array.of(b));
    expect(await readJson(arriving(chunks))).toEqual({ ok: true, value: { text: 'Grüße, 日本, 😀 and more' } });
  });

  it('lets the page run between the pieces of a long answer, so it is never one long task', async () => {
    const text = 'x'.repeat(4 * YIELD_BYTES);
    const whole = bytes(JSON.stringify({ ok: true, value: text }));
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < whole.length; at += 64 * 1024) chunks.push(whole.subarray(at, at + 64 * 1024));
    const order: string[] = [];
    // Work the page has queued meanwhile (a frame, a click): a task, not a microtask.
    setTimeout(() => order.push('other task'), 0);
    const read = readJson(arriving(chunks)).then((v) => {
      order.push('answer');
      return v;
    });
    expect(((await read) as { value: string }).value).toBe(text);
    expect(order).toEqual(['other task', 'answer']);
  });

  it('refuses a body that is not JSON, as response.json() does', async () => {
    await expect(readJson(arriving([bytes('<html>Bad gateway</html>')]))).rejects.toThrow(SyntaxError);
    await expect(readJson(arriving([bytes('{"ok": tr')]))).rejects.toThrow(SyntaxError);
  });
});
