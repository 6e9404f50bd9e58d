/**
 * What the core is to the code that runs it in-process (the shells, tests): the contract's calls
 * and events, the host's own event bus (events.ts), and its start and close.
 */
import type { EventName, EventPayload, Input, MethodName, Output, StudioHost } from '@shared/contract/index.js';
import type { Result } from '@shared/contract/result.js';
import type { EventBus } from './events.js';

/**
 * The core as in-process callers use it: `call` and `on` are typed from the contract; `dispatch`
 * and `subscribe` (StudioHost) are the untyped entries for the transports (IPC, HTTP + SSE),
 * which carry whatever the renderer sent and check nothing themselves.
 */
export interface Core extends StudioHost {
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The host's own events (billed calls, ended jobs, saved items), for in-process listeners. */
  events: Pick<EventBus, 'on'>;
  /**
   * Starts the work the last run left (polling, saving results). The shells call it once the
   * window is served, so nothing resumed can delay or freeze the start (docs/robust-host.md).
   */
  resumeWork(): void;
  /**
   * The file a raw (still percent-encoded) media path names, when the library knows it: what the
   * desktop's protocol and the browser shell's route serve, and nothing else (media-file.ts).
   */
  mediaFile(rawRelative: string): Promise<string | undefined>;
  close(): Promise<void>;
}
