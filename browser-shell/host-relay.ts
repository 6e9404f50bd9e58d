/**
 * The browser shell's server talks to the core through this relay, so the core can be closed and
 * opened again (a restart, main.ts) while the server, its address and its sessions stay. While no
 * core is attached, calls and media wait for the next one rather than fail: a page that asks
 * during a restart gets its answer from the restarted studio. If the core cannot be opened again,
 * every call is answered with that reason instead.
 */
import type { EventName, EventPayload, Result, StudioHost } from '@shared/contract/index.js';
import { errorData } from '@shared/contract/result.js';
import type { Message } from '@shared/messages/index.js';
import type { Core } from '@host/core-api.js';

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;
type Serving = { core: Core } | { failure: Message };

export class HostRelay implements StudioHost {
  private readonly listeners = new Set<Listener>();
  private serving!: Promise<Serving>;
  private settle!: (serving: Serving) => void;
  private unsubscribe: () => void = () => undefined;

  constructor() {
    this.wait();
  }

  /** From now on calls wait for `attach` (or `fail`). */
  private wait(): void {
    this.serving = new Promise((resolve) => (this.settle = resolve));
  }

  attach(core: Core): void {
    this.unsubscribe();
    this.unsubscribe = core.subscribe((event, payload) => {
      for (const listener of [...this.listeners]) listener(event, payload);
    });
    this.settle({ core });
  }

  /** The core is about to close: nothing more reaches it, and calls wait for the next one. */
  detach(): void {
    this.unsubscribe();
    this.unsubscribe = () => undefined;
    this.wait();
  }

  /** No core will come (a restart that could not open it again, or the shell closing): calls get `failure`. */
  fail(failure: Message): void {
    this.settle({ failure });
  }

  async dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    const serving = await this.serving;
    if ('failure' in serving) return { ok: false, error: errorData('internal', serving.failure, false) };
    return serving.core.dispatch(method, input);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async mediaFile(raw: string): Promise<string | undefined> {
    const serving = await this.serving;
    return 'core' in serving ? serving.core.mediaFile(raw) : undefined;
  }
}
