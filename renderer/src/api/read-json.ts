/**
 * A call's answer, read as it arrives. `response.json()` has the browser decode the body in its
 * own tasks, and an answer of megabytes that arrived while the page was busy (the studio starting
 * on a 10 MB reply) was decoded in one task of 150–300 ms (docs/performance.md, "Replies of any
 * size"). Here each piece is decoded as it is read, and the page gets a turn after every
 * YIELD_BYTES; only the parse of the whole text is one task (tens of ms for 10 MB). The event
 * stream reads its body the same way (readText, event-stream.ts).
 */

/** The page gets a turn after this many bytes of an answer. */
export const YIELD_BYTES = 512 * 1024;

/** A turn for the page's other tasks (input, frames): a task, not a microtask, comes after them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads `reader` to its end, giving `onText` each piece decoded as it is read (characters cut
 * between two chunks are joined), and the page a turn after every YIELD_BYTES. A cancelled reader
 * ends the read.
 */
export async function readText(reader: ReadableStreamDefaultReader<Uint8Array>, onText: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let sinceTurn = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onText(decoder.decode(value, { stream: true }));
    sinceTurn += value.byteLength;
    if (sinceTurn >= YIELD_BYTES) {
      sinceTurn = 0;
      await nextTask();
    }
  }
  const rest = decoder.decode();
  if (rest) onText(rest);
}

export async function readJson(response: Response): Promise<unknown> {
  if (!response.body) return response.json();
  const pieces: string[] = [];
  await readText(response.body.getReader(), (piece) => pieces.push(piece));
  return JSON.parse(pieces.join(''));
}
