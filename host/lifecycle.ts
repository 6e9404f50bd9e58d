/**
 * What a start-up has started, so it can be closed (docs/robust-host.md, "Start and shutdown"):
 * each step registers how to undo it as it succeeds; `close()` undoes them newest first, each
 * once, whatever fails along the way. A start that fails part-way closes what it had started and
 * rethrows, so a broken start leaves no sandbox gateway, timer or open index behind.
 */
export type CloseStep = () => Promise<void> | void;

export class Lifecycle {
  private readonly steps: { name: string; close: CloseStep }[] = [];
  private closing: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** Registers the undo of something that has just started. */
  started(name: string, close: CloseStep): void {
    if (this.closing) throw new Error(`${name} started after the shutdown began`);
    this.steps.push({ name, close });
  }

  /** Starts one thing and registers its undo; nothing is registered when the start throws. */
  async start<T>(name: string, open: () => Promise<T> | T, close: (value: T) => Promise<void> | void): Promise<T> {
    const value = await open();
    this.started(name, () => close(value));
    return value;
  }

  /** Runs a whole start-up: on any failure, what it started is closed before the error goes on. */
  async boot<T>(run: (life: this) => Promise<T>): Promise<T> {
    try {
      return await run(this);
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  /** Closes everything, newest first; a step that fails is logged and the others still run. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.close();
        } catch (err) {
          this.log(`shutdown: ${step.name} did not close cleanly: ${(err as Error).message ?? String(err)}`);
        }
      }
      this.steps.length = 0;
    })());
  }
}
