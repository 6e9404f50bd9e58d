/**
 * What the creator reads when an MCP server did not connect (docs/mcp.md, "Adding a URL server"):
 * the reason a local command gave, or, for an address, the network's reason or the status and
 * content type of what it answered, never a body that is not an MCP answer.
 */
import { ErrorCode as McpErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorData, type ErrorData } from '@shared/contract/result.js';
import { msg } from '@shared/messages/index.js';
import { sizeText, TooLarge, type AnswerSeen } from './capped-fetch.js';
import type { ConnectionLimits } from './mcp-connection.js';

/** A local command's last words on stderr, or the error's own message. */
export const lastWords = (err: unknown) => (err as { stderr?: string }).stderr || (err as Error).message || String(err);

export function connectError(err: unknown, limits: ConnectionLimits): ErrorData {
  const e = err as { code?: unknown };
  if (err instanceof McpError && err.code === McpErrorCode.RequestTimeout) {
    return errorData('timeout', msg('mcp.server.connectTimeout', { seconds: Math.round(limits.connectMs / 1000) }), true);
  }
  if (e.code === 401 || e.code === 403) return errorData('unauthorized', msg('mcp.server.refusedToken', { status: e.code }), false);
  if (err instanceof TooLarge) return errorData('bad_response', msg('mcp.call.tooLarge', { limit: sizeText(err.limit) }), false);
  const { answer, answered } = err as { answer?: AnswerSeen; answered?: boolean };
  // What the address answered, if it is not an MCP answer, is quoted by its status and type alone
  // (capped-fetch.ts): a local service's page can hold a password.
  if (answer || (answered && !(err instanceof McpError))) {
    const seen = answer ?? { status: 200, contentType: '' };
    return errorData('bad_response', msg('mcp.server.notMcp', { status: seen.status, contentType: seen.contentType || '—' }), true);
  }
  return errorData('unreachable', msg('mcp.server.connectFailed', { reason: lastWords(err).slice(0, 600) }), true);
}
