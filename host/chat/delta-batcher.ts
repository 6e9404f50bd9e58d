/**
 * Coalesces a stream's deltas so the renderer gets at most one `chat.onDidStream` per ~30 ms
 * (one paint per frame, never one per token: docs/performance.md, "Targets"), each carrying the
 * text gathered per choice. The first delta after a quiet spell goes out at once, and the window
 * starts then: the reply starts on screen a window sooner, and a torrent's first frame is a few
 * words, after which the renderer paces the rest (stream-store.ts). Sent at the window's end
 * instead, a fast reply's first event held half of it, and the page laying that out slowed the host
 * streaming the rest (bench/stream.ts, medians of 14 alternating runs, three times: click to reply
 * painted 298 → 263, 332 → 292 and 281 → 271 ms; first text on screen 210 → 140, 220 → 156 and
 * 186 → 150 ms).
 * `flush` sends what is pending at once; the stream calls it before its terminal event.
 */
export interface Timer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type Deltas = { choice: number; text: string }[];

export class DeltaBatcher {
  private readonly pending = new Map<number, string>();
  private handle: unknown;

  constructor(
    private readonly emit: (deltas: Deltas) => void,
    private readonly intervalMs = 30,
    private readonly timer: Timer = realTimer,
  ) {}

  push(choice: number, text: string): void {
    if (!text) return;
    this.pending.set(choice, (this.pending.get(choice) ?? '') + text);
    if (this.handle !== undefined) return;
    this.send();
    this.openWindow();
  }

  /** Deltas pushed within the window go out at its end, which opens the next; a window that gathered nothing ends the run. */
  private openWindow(): void {
    this.handle = this.timer.set(() => {
      this.handle = undefined;
      if (this.pending.size === 0) return;
      this.send();
      this.openWindow();
    }, this.intervalMs);
  }

  private send(): void {
    if (this.pending.size === 0) return;
    const deltas = [...this.pending].sort((a, b) => a[0] - b[0]).map(([choice, text]) => ({ choice, text }));
    this.pending.clear();
    this.emit(deltas);
  }

  flush(): void {
    if (this.handle !== undefined) {
      this.timer.clear(this.handle);
      this.handle = undefined;
    }
    this.send();
  }
}
