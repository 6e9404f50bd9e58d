/**
 * Coalesces a stream's deltas so the renderer gets at most one `chat.onDidStream` per ~30 ms
 * (DESIGN §5: one paint per frame, never one per token), each carrying the text gathered per
 * choice. `flush` sends what is pending at once; the stream calls it before its terminal event.
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
    this.handle ??= this.timer.set(() => {
      this.handle = undefined;
      this.flush();
    }, this.intervalMs);
  }

  flush(): void {
    if (this.handle !== undefined) {
      this.timer.clear(this.handle);
      this.handle = undefined;
    }
    if (this.pending.size === 0) return;
    const deltas = [...this.pending].sort((a, b) => a[0] - b[0]).map(([choice, text]) => ({ choice, text }));
    this.pending.clear();
    this.emit(deltas);
  }
}
