/**
 * Writes a streamed reply: SSE `data:` events ending in `data: [DONE]` (docs/gateway-rules.md,
 * "Chat and responses streams"), or a streamed JSON array for streamGenerateContent without
 * `alt=sse`. An SSE payload may carry an event name (an `event:` line), as the common responses
 * API's events do (sandbox/README.md, "Tool use"). Pacing is settable; with pacing off the writer
 * only waits for the socket (backpressure), never for a timer.
 */
import type { ServerResponse } from 'node:http';
import { sleep } from '../core/clock.js';
import type { StreamFaultMode } from '../core/faults.js';
import { drained } from '../core/http.js';

export interface StreamOptions {
  format: 'sse' | 'json-array';
  /** Real milliseconds between chunks (0: as fast as the socket takes them). */
  paceMs: number;
  /** SSE only: send `data: [DONE]` at the end. */
  doneMarker: boolean;
  fault?: { mode: StreamFaultMode; afterChunks: number };
}

/** A named SSE event; a plain string is sent as `data:` alone. */
export interface NamedEvent {
  event: string;
  data: string;
}

export async function writeStream(res: ServerResponse, payloads: Iterable<string | NamedEvent>, opts: StreamOptions): Promise<void> {
  res.writeHead(200, opts.format === 'sse'
    ? { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' }
    : { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  let index = 0;
  if (opts.format === 'json-array') res.write('[');
  for (const payload of payloads) {
    if (res.destroyed) return;
    if (opts.fault && index >= opts.fault.afterChunks) {
      if (opts.fault.mode === 'cut') {
        // Chunks written this tick are still corked by http: let them reach the socket first,
        // so the client really gets the first chunks before the connection drops.
        await new Promise((resolve) => setImmediate(resolve));
        res.destroy();
        return;
      }
      if (opts.fault.mode === 'stall') return; // left open and silent until the client gives up
      break; // no-terminator: end cleanly but without the closing marker
    }
    const data = typeof payload === 'string' ? payload : payload.data;
    const event = typeof payload === 'string' ? '' : `event: ${payload.event}\n`;
    const text = opts.format === 'sse' ? `${event}data: ${data}\n\n` : `${index > 0 ? ',\n' : ''}${data}`;
    index += 1;
    if (!res.write(text)) await drained(res);
    if (opts.paceMs > 0) await sleep(opts.paceMs);
  }
  if (res.destroyed) return;
  if (opts.fault?.mode === 'no-terminator') {
    res.end();
    return;
  }
  if (opts.format === 'json-array') res.end(']');
  else res.end(opts.doneMarker ? 'data: [DONE]\n\n' : '');
}
