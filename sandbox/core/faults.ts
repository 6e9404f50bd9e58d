/**
 * Faults on demand (admin routes under /_sandbox/faults): the studio's tests use them to show
 * retries, error messages and stream recovery against a real server.
 */
export type FailFormat = 'json' | 'envelope' | 'text' | 'html';
export type StreamFaultMode = 'cut' | 'stall' | 'no-terminator';

interface FailRule { status: number; remaining: number; retryAfter?: number; match?: string; message?: string; format: FailFormat }
interface LatencyRule { ms: number; remaining: number; match?: string }
interface StreamRule { mode: StreamFaultMode; afterChunks: number; remaining: number }
interface DownloadRule { afterBytes: number; remaining: number }

export class Faults {
  private fails: FailRule[] = [];
  private latencies: LatencyRule[] = [];
  private streams: StreamRule[] = [];
  private downloads: DownloadRule[] = [];
  private taskFailures: string[] = [];

  addFail(r: { status: number; count?: number; retry_after?: number; match?: string; message?: string; format?: FailFormat }) {
    this.fails.push({ status: r.status, remaining: r.count ?? 1, retryAfter: r.retry_after, match: r.match, message: r.message, format: r.format ?? 'json' });
  }

  addLatency(r: { ms: number; count?: number; match?: string }) {
    this.latencies.push({ ms: r.ms, remaining: r.count ?? Number.POSITIVE_INFINITY, match: r.match });
  }

  addStreamFault(r: { mode?: StreamFaultMode; after_chunks?: number; count?: number }) {
    this.streams.push({ mode: r.mode ?? 'cut', afterChunks: r.after_chunks ?? 5, remaining: r.count ?? 1 });
  }

  addDownloadCut(r: { after_bytes?: number; count?: number }) {
    this.downloads.push({ afterBytes: r.after_bytes ?? 65536, remaining: r.count ?? 1 });
  }

  addTaskFailure(message: string) {
    this.taskFailures.push(message);
  }

  reset() {
    this.fails = [];
    this.latencies = [];
    this.streams = [];
    this.downloads = [];
    this.taskFailures = [];
  }

  private static take<T extends { remaining: number; match?: string }>(list: T[], path?: string): T | undefined {
    const rule = list.find((r) => r.remaining > 0 && (!r.match || path === undefined || path.includes(r.match)));
    if (rule) rule.remaining -= 1;
    return rule;
  }

  nextFail(path: string) {
    const r = Faults.take(this.fails, path);
    this.fails = this.fails.filter((x) => x.remaining > 0);
    return r;
  }

  nextLatency(path: string) {
    return Faults.take(this.latencies, path)?.ms ?? 0;
  }

  nextStreamFault() {
    const r = Faults.take(this.streams);
    this.streams = this.streams.filter((x) => x.remaining > 0);
    return r;
  }

  nextDownloadCut() {
    const r = Faults.take(this.downloads);
    this.downloads = this.downloads.filter((x) => x.remaining > 0);
    return r?.afterBytes;
  }

  nextTaskFailure(): string | undefined {
    return this.taskFailures.shift();
  }
}
