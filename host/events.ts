/**
 * The host's own typed event bus (docs/architecture.md, "The host's event bus"): what happened in
 * the core, as data, for whatever else in the core wants to know (the balance after a billed call;
 * a spend ledger, batch runs or lineage later). Each event is emitted once, where it happens: the
 * gateway client bills, the job service ends jobs, the library saves and removes items.
 *
 * Not the contract's events (shared/contract): those go to the renderer; these stay in the host.
 *
 * A listener cannot hold up or break the code that emits: each runs on its own, after the
 * emitter's stack has unwound (a microtask), and what it throws or rejects with is logged.
 *
 * A writer is the other kind: it writes its part of an event into the studio database inside the
 * emitter's own transaction, synchronously, so the emitter's change and the writer's rows are
 * committed together or not at all (a job's record and its ledger row: docs/ledger.md, "Rows").
 * What a writer throws aborts that transaction. The emitter announces the event to the listeners
 * once it has committed.
 */
import type { LibraryItem } from './library/library-item.js';
import type { BilledUnits, LedgerRoute } from './ledger/units.js';

/**
 * The gateway route a billed call went to (spec §4), the two video routes told apart: they bill
 * differently sized work (docs/ledger.md, "Units").
 */
export type BilledRoute = LedgerRoute;

/** What a billed call made, for the ledger's row to link to (docs/ledger.md, "Rows"). */
export interface BilledLinks {
  conversationId?: string;
  /** The reply (the conversation's message) a chat call wrote. */
  replyId?: string;
  jobId?: string;
  /** The job's place in a batch sent in one call. */
  batchIndex?: number;
}

/** Token counts as the gateway reported them for the call, when it did (spec §2.5, §2.9). */
export type BilledUsage = Record<string, number>;

export interface HostEvents {
  /** A billable call the gateway accepted (a 2xx answer); a refused one (402, 400…) is none. */
  billed: {
    /** Unique per billed call: the job's id for a job, a fresh id for any other call. */
    callId: string;
    profileId: string;
    route: BilledRoute;
    model: string;
    /** When the gateway's answer was over, ms since epoch. */
    at: number;
    /** The call's native units (ledger/units.ts), when what was sent and answered gives them. */
    units?: BilledUnits;
    usage?: BilledUsage;
    links?: BilledLinks;
    cost?: number;
  };
  /** A job reached an end state (saved, failed, expired, timed out, needs attention, cancelled and no longer followed). */
  jobEnded: { id: string; profileId: string; kind: 'image' | 'video'; model: string; state: string; remoteId?: string; libraryIds: string[] };
  /** An item was saved into the current library; `callId`: the billed call that made it, when a synchronous call did (a native image, speech). */
  itemSaved: { item: LibraryItem; callId?: string };
  /** An item was removed from the current library. */
  itemRemoved: { id: string };
}

export type HostEventName = keyof HostEvents;
export type HostListener<E extends HostEventName> = (payload: HostEvents[E]) => void | Promise<unknown>;

/** What an emitter is given: it can only emit. */
export interface HostEmitter {
  emit<E extends HostEventName>(event: E, payload: HostEvents[E]): void;
}

/** What an emitter that writes in a transaction of its own is given (a writer's rows join it). */
export interface HostWriter extends HostEmitter {
  write<E extends HostEventName>(event: E, payload: HostEvents[E]): void;
}

export type HostWriterFn<E extends HostEventName> = (payload: HostEvents[E]) => void;

export class EventBus implements HostWriter {
  private readonly listeners = new Map<HostEventName, Set<HostListener<never>>>();
  private readonly writers = new Map<HostEventName, Set<HostWriterFn<never>>>();

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** Adds a listener; the function returned removes it. */
  on<E extends HostEventName>(event: E, listener: HostListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as HostListener<never>);
    return () => void set.delete(listener as HostListener<never>);
  }

  /** Adds a writer, run inside each emitter's transaction (`write`); the function returned removes it. */
  onWrite<E extends HostEventName>(event: E, writer: HostWriterFn<E>): () => void {
    let set = this.writers.get(event);
    if (!set) this.writers.set(event, (set = new Set()));
    set.add(writer as HostWriterFn<never>);
    return () => void set.delete(writer as HostWriterFn<never>);
  }

  /**
   * Runs every writer of the event now, on the caller's stack: called inside the caller's
   * transaction, and what a writer throws is thrown to the caller, so the transaction is undone.
   */
  write<E extends HostEventName>(event: E, payload: HostEvents[E]): void {
    for (const writer of [...(this.writers.get(event) ?? [])]) (writer as HostWriterFn<E>)(payload);
  }

  emit<E extends HostEventName>(event: E, payload: HostEvents[E]): void {
    const set = this.listeners.get(event);
    if (!set?.size) return;
    for (const listener of [...set]) {
      queueMicrotask(() => {
        try {
          const done = (listener as HostListener<E>)(payload);
          // A listener that never settles holds nothing: nobody waits for it.
          if (done instanceof Promise) done.catch((err: unknown) => this.failed(event, err));
        } catch (err) {
          this.failed(event, err);
        }
      });
    }
  }

  /** Removes every listener (the core's close). */
  clear(): void {
    this.listeners.clear();
    this.writers.clear();
  }

  private failed(event: HostEventName, err: unknown): void {
    this.log(`host events: a ${event} listener failed: ${(err as Error)?.stack ?? String(err)}`);
  }
}
