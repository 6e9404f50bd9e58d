/** What every route handler gets: the sandbox's state and the call being served. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account, Accounts } from './accounts.js';
import type { Clock } from './clock.js';
import type { Faults } from './faults.js';
import type { FileStore } from './files.js';
import type { MediaPool } from '../media/media-pool.js';
import type { TaskStore } from './tasks.js';

export interface SandboxState {
  clock: Clock;
  accounts: Accounts;
  files: FileStore;
  tasks: TaskStore;
  faults: Faults;
  /** Workers that render media and speech off this event loop (the studio's, when embedded). */
  media: MediaPool;
  /** Base URL the sandbox is reachable at (for links it mints). */
  baseUrl: string;
  /** Simulated milliseconds between streamed chunks (0: unpaced). */
  streamPaceMs: number;
  maxBodyBytes: number;
  /**
   * How the responses endpoint answers: `chat` (spec §2.6, tool calls chat-shaped) or the common
   * responses API's own `output[]` shape (sandbox/README.md, "Tool use").
   */
  toolShape: ToolShape;
}

export type ToolShape = 'chat' | 'responses';

export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Captures of the route's pattern. */
  params: string[];
  /** The authenticated account (gateway routes only). */
  account: Account;
}

export type Handler = (s: SandboxState, call: Call) => Promise<void> | void;

export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handler: Handler;
  /** false: admin and file routes, which are not part of the gateway's authenticated API. */
  auth: boolean;
  /** Native image-model calls also accept `x-goog-api-key` (spec §5.3). */
  googKey?: (call: Pick<Call, 'params'>) => boolean;
}
