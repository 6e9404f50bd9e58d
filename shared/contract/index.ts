/**
 * The one contract between the renderer and the host. Preload, IPC server, browser shell and the
 * renderer's client are all typed from these maps, so a drift fails `tsc`.
 */
import type { z } from 'zod';
import { CONTRACT_DOMAINS, mergeDomains } from './domains.js';
import type { Result } from './result.js';

/** Assembled from the domains' list (domains.ts): a new domain is one file and one line there. */
export const methods = mergeDomains(CONTRACT_DOMAINS, 'methods');
export const events = mergeDomains(CONTRACT_DOMAINS, 'events');

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type Events = typeof events;
export type EventName = keyof Events;

export type Input<M extends MethodName> = z.input<Methods[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type Output<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const METHOD_NAMES = Object.keys(methods) as MethodName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export const isMethodName = (s: string): s is MethodName => Object.prototype.hasOwnProperty.call(methods, s);
export const isEventName = (s: string): s is EventName => Object.prototype.hasOwnProperty.call(events, s);

/** What the host implements; each shell carries it to the renderer. */
export interface StudioHost {
  dispatch(method: string, input: unknown): Promise<Result<unknown>>;
  subscribe(listener: <E extends EventName>(event: E, payload: EventPayload<E>) => void): () => void;
}

/** IPC channel names are derived, never typed by hand. */
export const ipcChannel = (method: MethodName) => `studio:call:${method}`;
export const IPC_EVENT_CHANNEL = 'studio:event';

export * from './bridge.js';
export * from './result.js';
export * from './app.js';
export * from './profiles.js';
export * from './settings.js';
export * from './account.js';
export * from './tasks.js';
export * from './job-request.js';
export * from './library.js';
export * from './task-notice.js';
export * from './media.js';
export * from './chat.js';
export * from './chat-versions.js';
export * from './chat-compare.js';
export * from './chat-documents.js';
export * from './chat-organise.js';
export * from './mcp.js';
export * from './db.js';
export * from './ledger.js';
export * from './ledger-quote.js';
export * from './budgets.js';
export * from './batches.js';
export * from './prompts.js';
export * from './budget-notice.js';
export * from './lineage.js';
export * from './storyboard.js';
export * from './storyboard-film.js';
