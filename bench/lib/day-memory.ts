/**
 * Memory readings for bench/day.ts: the page's JS heap through the DevTools protocol after a
 * forced collection, its DOM counters, and the host's resident set from /proc (Linux only).
 * A reading forces the collection twice: objects freed by the first (weak maps, finalizers) are
 * reclaimed by the second, so two readings of the same state agree to a few kB.
 */
import { createWriteStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';

export interface Reading {
  label: string;
  /** Seconds since the scenario's first reading. */
  at: number;
  /** JS heap in use after a forced GC (bytes). */
  heap: number;
  /** DOM nodes, documents and JS event listeners the page holds (Memory.getDOMCounters). */
  nodes: number;
  listeners: number;
  /** The host process's resident set (bytes) and threads (its sandbox's media workers among them), or NaN off Linux. */
  rss: number;
  /** Of the resident set: anonymous memory (heaps, allocator arenas) and mapped files (code, libraries). */
  anon: number;
  file: number;
  threads: number;
}

/** A kB figure of /proc/<pid>/status (VmRSS, RssAnon, RssFile…) in bytes, or NaN when /proc cannot say. */
function statusBytes(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number(/(\d+)/.exec(line)![1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** VmRSS of a process in bytes (NaN when /proc cannot say). */
export const rssBytes = (pid: number) => statusBytes(pid, 'VmRSS');

/** Threads of a process (the sandbox's media workers are threads of the host), or NaN. */
export function threadCount(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('Threads:'));
    return line ? Number(/(\d+)/.exec(line)![1]) : NaN;
  } catch {
    return NaN;
  }
}

export class MemoryProbe {
  readonly readings: Reading[] = [];
  private started = performance.now();

  private constructor(private readonly cdp: CDPSession, private readonly hostPid: number) {}

  static async attach(page: Page, hostPid: number): Promise<MemoryProbe> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    return new MemoryProbe(cdp, hostPid);
  }

  /** The page's heap after forced collections, its DOM counters and the host's RSS, recorded. */
  async read(label: string): Promise<Reading> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    await this.cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await this.cdp.send('Runtime.getHeapUsage');
    const dom = await this.cdp.send('Memory.getDOMCounters');
    const reading = {
      label,
      at: (performance.now() - this.started) / 1000,
      heap: usedSize,
      nodes: dom.nodes,
      listeners: dom.jsEventListeners,
      rss: rssBytes(this.hostPid),
      anon: statusBytes(this.hostPid, 'RssAnon'),
      file: statusBytes(this.hostPid, 'RssFile'),
      threads: threadCount(this.hostPid),
    };
    this.readings.push(reading);
    return reading;
  }

  /** Writes a heap snapshot of the page to `file` (for bench/lib/day-snapshot.ts). */
  async snapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    const onChunk = ({ chunk }: { chunk: string }) => out.write(chunk);
    this.cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    try {
      await this.cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    } finally {
      this.cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    }
  }
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The "heap over time" series as plain columns. Not a markdown table: bench/run.ts reads every
 * line that starts with `|` as a row of the scenario's figures.
 */
export function series(readings: Reading[]): string {
  const head = ['point', 's', 'JS heap MB', 'DOM nodes', 'listeners', 'host RSS MB', '(anon', 'file)', 'host threads'];
  const rows = readings.map((r) => [r.label, r.at.toFixed(0), mb(r.heap), String(r.nodes), String(r.listeners), mb(r.rss), mb(r.anon), mb(r.file), String(r.threads)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`;
  return ['heap over time:', line(head), ...rows.map(line)].join('\n');
}
