/** What the host and the schema worker say to each other (schema-checker.ts, schema-worker.ts). */
import type { Message } from '@shared/messages/index.js';

export type SchemaJob =
  | { id: number; kind: 'verdict'; schema: unknown }
  | { id: number; kind: 'check'; schema: unknown; args: string };

/** `problems`: for a verdict, the one reason the schema cannot be used, or none. */
export type SchemaAnswer = { id: number; problems: Message[] };
export type SchemaWorkerMessage = SchemaAnswer | { ready: true };
