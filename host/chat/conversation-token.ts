/**
 * A conversation's remote MCP token (docs/mcp.md, "Tokens and URLs"): write-only like API keys,
 * kept with them, only its last four characters shown; bound to the URL it was entered for, so a
 * changed URL drops it. One entered before any URL goes with the first URL given.
 */
import type { SecretsPort } from '../ports.js';
import { sameEndpoint } from '../mcp/endpoint.js';

const secretOf = (conversationId: string) => `mcp:${conversationId}`;

export class ConversationTokens {
  constructor(private readonly secrets: SecretsPort) {}

  get(conversationId: string): string | undefined {
    return this.secrets.get(secretOf(conversationId));
  }

  tail(conversationId: string): string | undefined {
    return this.get(conversationId)?.slice(-4) || undefined;
  }

  set(conversationId: string, token: string | null): void {
    if (token === null) this.secrets.delete(secretOf(conversationId));
    else this.secrets.set(secretOf(conversationId), token);
  }

  /** The conversation's URL went from `before` to `after`: a token entered for another address goes. */
  urlChanged(conversationId: string, before: string, after: string): void {
    if (before.trim() && !sameEndpoint(before, after)) this.set(conversationId, null);
  }
}
