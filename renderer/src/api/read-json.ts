/**
 * A call's answer, read as it arrives. `response.json()` has the browser decode the body in its
 * own tasks, and an answer of megabytes that arrived while the page was busy (the studio starting
 * on a 10 MB reply) was decoded in one task of 150–300 ms (docs/performance.md, "Replies of any
 * size"). Here each piece is decoded as it is read, and the page gets a turn after every
 * YIELD_BYTES; only the parse of the whole text is one task (tens of ms for 10 MB).
 */

/** The page gets a turn after this many bytes of an answer. */
export const YIELD_BYTES = 512 * 1024;

/** A turn for the page's other tasks (input, frames): a task, not a microtask, comes after them. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function readJson(response: Response): Promise<unknown> {
  if (!response.body) return response.json();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let sinceTurn = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(decoder.decode(value, { stream: true }));
    sinceTurn += value.byteLength;
    if (sinceTurn >= YIELD_BYTES) {
      sinceTurn = 0;
      await nextTask();
    }
  }
  pieces.push(decoder.decode());
  return JSON.parse(pieces.join(''));
}
