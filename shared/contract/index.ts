/**
 * The one contract between the renderer and the host. Preload, IPC server, browser shell and the
 * renderer's client are all typed from these maps, so a drift fails `tsc`.
 */
import type { z } from 'zod';
import { accountEvents, accountMethods } from './account.js';
import { appEvents, appMethods } from './app.js';
import { profileEvents, profileMethods } from './profiles.js';
import { settingsEvents, settingsMethods } from './settings.js';
import { taskEvents, taskMethods } from './tasks.js';
import { libraryEvents, libraryMethods } from './library.js';
import { mediaMethods } from './media.js';
import { chatEvents, chatMethods } from './chat.js';
import { mcpEvents, mcpMethods } from './mcp.js';
import type { Result } from './result.js';

export const methods = { ...appMethods, ...profileMethods, ...settingsMethods, ...accountMethods, ...taskMethods, ...libraryMethods, ...mediaMethods, ...chatMethods, ...mcpMethods } as const;
export const events = { ...appEvents, ...profileEvents, ...settingsEvents, ...accountEvents, ...taskEvents, ...libraryEvents, ...chatEvents, ...mcpEvents } as const;

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
export * from './mcp.js';
