/**
 * What the host and the schema worker say to each other (schema-checker.ts, schema-worker.ts).
 * A schema goes as its JSON text, within the caps already checked on the host's side.
 */
import type { Message } from '@shared/messages/index.js';

export type SchemaJob =
  | { id: number; kind: 'verdict'; schemaText: string }
  | { id: number; kind: 'check'; schemaText: string; args: string };

/** `problems`: for a verdict, the one reason the schema cannot be used, or none. */
export type SchemaAnswer = { id: number; problems: Message[] };
export type SchemaWorkerMessage = SchemaAnswer | { ready: true };
