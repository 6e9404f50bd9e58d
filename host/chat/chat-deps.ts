/** What the chat service is given by its module (chat/module.ts): its folder, ports and settings. */
import type { Text } from '@shared/messages/index.js';
import type { ChatDefaults } from '@shared/contract/chat.js';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { GatewayClient } from '../gateway/client.js';
import type { SecretsPort } from '../ports.js';
import type { ChatImages } from './chat-images.js';
import type { ChatDocuments } from './chat-documents.js';
import type { StreamTiming } from './reply-stream.js';
import type { McpTools } from './tool-runs.js';
import type { ChatSearchIndex } from './search-index.js';

export interface ChatDeps {
  /** `<dataDir>/conversations`. */
  dir: string;
  /** The active profile's gateway client, at the moment a reply starts. */
  client(): GatewayClient;
  secrets: SecretsPort;
  images: ChatImages;
  /** Documents in user turns, put inline in each request (chat-documents.ts). */
  documents: ChatDocuments;
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /** A reply refused for a low balance: the dispatcher's 402 banner, for a failure that was not thrown. */
  onPaymentRequired(message: Text): void;
  log: (line: string) => void;
  /** A conversation file, or the index, could not be read and was kept aside (conversation-store.ts). */
  onUnreadable?: (file: 'conversation' | 'conversation index', backup: string | null) => void;
  now: () => number;
  timing?: Partial<StreamTiming>;
  /** The studio's MCP servers, whose tools a conversation may offer (docs/mcp.md). */
  mcp?: McpTools;
  /** Where a new conversation starts (Settings → Chat defaults). */
  defaults(): ChatDefaults;
  /** The chat search index in the studio database (search-index.ts); without it, search scans the files. */
  searchIndex?: ChatSearchIndex;
}
