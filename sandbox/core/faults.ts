/**
 * Faults on demand (admin routes under /_sandbox/faults): the studio's tests use them to show
 * retries, error messages and stream recovery against a real server.
 */
export type FailFormat = 'json' | 'envelope' | 'text' | 'html';
export type StreamFaultMode = 'cut' | 'stall' | 'no-terminator';
export type DownloadFaultMode = 'cut' | 'stall' | 'endless' | 'slow' | 'gzip-bomb' | 'replace';
/** Damaged files served whole in place of the real one (`replace` mode). */
export type ReplaceKind = 'truncated' | 'wrong-magic' | 'huge-dimensions';
export type AnswerFaultKind = 'huge-json' | 'gzip-bomb-json';
export type MediaFaultMode = 'hang' | 'crash';

interface FailRule { status: number; remaining: number; retryAfter?: number; match?: string; message?: string; format: FailFormat }
interface LatencyRule { ms: number; remaining: number; match?: string }
interface StreamRule { mode: StreamFaultMode; afterChunks: number; remaining: number }
export interface DownloadRule { mode: DownloadFaultMode; afterBytes: number; bytesPerSecond: number; kind: ReplaceKind; remaining: number }
export interface AnswerRule { kind: AnswerFaultKind; bytes: number; remaining: number; match?: string }
interface MediaRule { mode: MediaFaultMode; remaining: number }
interface HoldRule { remaining: number; match?: string }

export class Faults {
  private fails: FailRule[] = [];
  private latencies: LatencyRule[] = [];
  private streams: StreamRule[] = [];
  private downloads: DownloadRule[] = [];
  private answers: AnswerRule[] = [];
  private media: MediaRule[] = [];
  private taskFailures: { message: string; billed: boolean }[] = [];
  private holds: HoldRule[] = [];
  /** Calls held until `release`: a test kills its client while the gateway has the request and has not answered. */
  private held: (() => void)[] = [];
  /** Fault bodies still being sent (stalled, endless, slow…): tests watch them end. */
  openBodies = 0;

  addFail(r: { status: number; count?: number; retry_after?: number; match?: string; message?: string; format?: FailFormat }) {
    this.fails.push({ status: r.status, remaining: r.count ?? 1, retryAfter: r.retry_after, match: r.match, message: r.message, format: r.format ?? 'json' });
  }

  addLatency(r: { ms: number; count?: number; match?: string }) {
    this.latencies.push({ ms: r.ms, remaining: r.count ?? Number.POSITIVE_INFINITY, match: r.match });
  }

  addStreamFault(r: { mode?: StreamFaultMode; after_chunks?: number; count?: number }) {
    this.streams.push({ mode: r.mode ?? 'cut', afterChunks: r.after_chunks ?? 5, remaining: r.count ?? 1 });
  }

  addDownloadFault(r: { mode?: DownloadFaultMode; after_bytes?: number; bytes_per_second?: number; kind?: ReplaceKind; count?: number }) {
    this.downloads.push({
      mode: r.mode ?? 'cut', afterBytes: r.after_bytes ?? 65536, bytesPerSecond: r.bytes_per_second ?? 65536, kind: r.kind ?? 'truncated', remaining: r.count ?? 1,
    });
  }

  addAnswerFault(r: { kind: AnswerFaultKind; bytes?: number; match?: string; count?: number }) {
    this.answers.push({ kind: r.kind, bytes: r.bytes ?? 300 * 1024 * 1024, match: r.match, remaining: r.count ?? 1 });
  }

  addMediaFault(r: { mode: MediaFaultMode; count?: number }) {
    this.media.push({ mode: r.mode, remaining: r.count ?? 1 });
  }

  addHold(r: { count?: number; match?: string }) {
    this.holds.push({ remaining: r.count ?? 1, match: r.match });
  }

  /** How many calls are being held now. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Lets every held call go on; returns how many there were. */
  release(): number {
    const held = this.held;
    this.held = [];
    for (const go of held) go();
    return held.length;
  }

  /** Resolves at once, or once released when a hold rule takes this call. */
  nextHold(path: string): Promise<void> | undefined {
    const r = Faults.take(this.holds, path);
    this.holds = this.holds.filter((x) => x.remaining > 0);
    return r && new Promise((resolve) => this.held.push(resolve));
  }

  addTaskFailure(message: string) {
    this.taskFailures.push({ message, billed: false });
  }

  /** The next `count` jobs fail and keep their charge (a failed-but-billed job). */
  addBilledFailure(message: string, count: number) {
    for (let i = 0; i < count; i++) this.taskFailures.push({ message, billed: true });
  }

  reset() {
    this.fails = [];
    this.latencies = [];
    this.streams = [];
    this.downloads = [];
    this.answers = [];
    this.media = [];
    this.taskFailures = [];
    this.holds = [];
    this.release();
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

  nextDownloadFault(): DownloadRule | undefined {
    const r = Faults.take(this.downloads);
    this.downloads = this.downloads.filter((x) => x.remaining > 0);
    return r;
  }

  nextAnswerFault(path: string): AnswerRule | undefined {
    const r = Faults.take(this.answers, path);
    this.answers = this.answers.filter((x) => x.remaining > 0);
    return r;
  }

  nextMediaFault(): MediaFaultMode | undefined {
    const r = Faults.take(this.media);
    this.media = this.media.filter((x) => x.remaining > 0);
    return r?.mode;
  }

  nextTaskFailure(): { message: string; billed: boolean } | undefined {
    return this.taskFailures.shift();
  }
}
