/**
 * The studio child of the kill tests (queue-child.ts) speaks a line at a time on its stdout: each
 * complete line is handed on as it arrives, so a test can kill the child at an exact point.
 */
import type { Readable } from 'node:stream';

export function onLines(stream: Readable, each: (line: string) => void): void {
  let rest = '';
  stream.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n');
    rest = parts.pop()!;
    for (const line of parts) each(line);
  });
}
