/**
 * The host core: implements the contract in plain Node. It never imports `electron`; its side
 * effects come in as ports, so Electron's main process, the browser shell and Vitest all run it.
 * Services are opened in order on one lifecycle (services.ts); the contract's calls are handled
 * by one module per domain (handlers/).
 */
import type { EventName, EventPayload, Input, MethodName, Output } from '@shared/contract/index.js';
import type { Result } from '@shared/contract/result.js';
import { createDispatcher, type Handlers } from './dispatch.js';
import type { Core, CorePorts } from './ports.js';
import { resolveLibraryFile } from './library/media-file.js';
import { CHAT_IMAGE_FILE } from './chat/chat-images.js';
import { Lifecycle } from './lifecycle.js';
import { openServices } from './services.js';
import { appHandlers } from './handlers/app-handlers.js';
import { accountHandlers, profileHandlers } from './handlers/profile-handlers.js';
import { settingsHandlers } from './handlers/settings-handlers.js';
import { taskHandlers } from './handlers/task-handlers.js';
import { mediaHandlers } from './handlers/media-handlers.js';
import { libraryHandlers } from './handlers/library-handlers.js';
import { chatHandlers } from './handlers/chat-handlers.js';
import { mcpHandlers } from './handlers/mcp-handlers.js';

export type { Core, CorePorts } from './ports.js';

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export async function createCore(ports: CorePorts): Promise<Core> {
  const log = ports.log ?? (() => undefined);
  const listeners = new Set<Listener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(event, payload);
  };
  const life = new Lifecycle(log);
  // Closed last (newest first): the events of replies that end on close still reach the shells.
  life.started('listeners', () => listeners.clear());
  const services = await life.boot((l) => openServices(ports, l, emit));

  const handlers: Handlers = {
    ...appHandlers(services),
    ...profileHandlers(services),
    ...accountHandlers(services),
    ...settingsHandlers(services),
    ...taskHandlers(services),
    ...mediaHandlers(services),
    ...libraryHandlers(services),
    ...chatHandlers(services),
    ...mcpHandlers(services),
  };
  const dispatch = createDispatcher(handlers, (_method, error) => {
    if (error.code === 'payment_required') services.paymentRequired(error.text ?? error.message);
  }, log);

  let resumed = false;
  const { library, jobs } = services;
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
    resumeWork() {
      if (resumed) return;
      resumed = true;
      jobs.start();
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
