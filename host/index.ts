/**
 * The host core: implements the contract in plain Node. It never imports `electron`; its side
 * effects come in as ports (ports.ts), its knobs as options (options.ts), so Electron's main
 * process, the browser shell and Vitest all run it. It is built from one module per domain,
 * listed once (modules.ts), opened in order on one lifecycle (assemble.ts).
 */
import type { EventName, EventPayload, Input, MethodName, Output } from '@shared/contract/index.js';
import type { Result } from '@shared/contract/result.js';
import { assembleHandlers, openModules } from './assemble.js';
import type { Core } from './core-api.js';
import { createDispatcher } from './dispatch.js';
import { EventBus } from './events.js';
import type { DomainModule } from './module.js';
import { MODULES } from './modules.js';
import type { CoreOptions } from './options.js';
import type { CorePorts } from './ports.js';
import { resolveLibraryFile } from './library/media-file.js';
import { CHAT_IMAGE_FILE } from './chat/chat-images.js';
import { Lifecycle } from './lifecycle.js';
import { PAID_SUBMISSIONS } from './ledger/budget-gate.js';

export type { Core } from './core-api.js';
export type { CorePorts } from './ports.js';
export type { CoreOptions } from './options.js';

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** `modules`: the domains to build it from; the studio's own (modules.ts) unless a test says otherwise. */
export async function createCore(ports: CorePorts, options: CoreOptions = {}, modules: readonly DomainModule[] = MODULES): Promise<Core> {
  const log = ports.log ?? (() => undefined);
  const listeners = new Set<Listener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(event, payload);
  };
  const events = new EventBus(log);
  const life = new Lifecycle(log);
  // Closed last (newest first): the events of replies that end on close still reach the shells.
  life.started('listeners', () => {
    listeners.clear();
    events.clear();
  });
  const { ctx, resume, handlers } = await life.boot(async (l) => {
    const opened = await openModules(modules, { ports, options, log, now: options.now ?? Date.now, emit, events }, l);
    return { ...opened, handlers: assembleHandlers(modules, opened.ctx) };
  });
  const { paymentRequired } = ctx.use('account');
  const { current: library } = ctx.use('library');
  const { profiles } = ctx.use('settings');
  const budgets = ctx.use('budgets');
  const dispatch = createDispatcher(handlers, (_method, error) => {
    if (error.code === 'payment_required') paymentRequired(error.text ?? error.message);
  }, log, (method) => (PAID_SUBMISSIONS.has(method) ? budgets.gate(profiles.activeId()) : undefined));

  let resumed = false;
  return {
    dispatch,
    call: <M extends MethodName>(method: M, input: Input<M>) => dispatch(method, input) as Promise<Result<Output<M>>>,
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      const one: Listener = (name: EventName, payload: unknown) => {
        if (name === event) listener(payload as EventPayload<E>);
      };
      listeners.add(one);
      return () => void listeners.delete(one);
    },
    events: { on: (event, listener) => events.on(event, listener) },
    resumeWork() {
      if (resumed) return;
      resumed = true;
      resume();
    },
    // Only what the studio saved is served: items' files and thumbnails, and chat images by the
    // names the studio gives them (docs/architecture.md, "Library-known media").
    mediaFile: (raw) => resolveLibraryFile(library.root, raw, (rel) => library.current.knows(rel) || CHAT_IMAGE_FILE.test(rel)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => life.close(),
  };
}
