/**
 * Which of a server's tools cannot be offered, and why (docs/robust-host.md, "Tool schemas"): a
 * tool's `inputSchema` is what the studio checks the model's arguments against, so one that is too
 * large, or has a pattern the linear-time engine cannot take, is listed with the reason and never
 * offered. The schema worker judges each, off the loop; a hostile server cannot make that take
 * longer than `withinMs` in all, as its tools left unjudged then are not offered either.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { msg, type Message } from '@shared/messages/index.js';
import { schemaChecker, type SchemaChecker } from '../chat/schema-checker.js';

export async function unusableTools(tools: readonly Tool[], withinMs: number, checker: SchemaChecker = schemaChecker()): Promise<Map<string, Message>> {
  const out = new Map<string, Message>();
  const until = performance.now() + withinMs;
  for (const t of tools) {
    const why = performance.now() > until ? msg('chat.tools.checkTimeout', { seconds: Math.round(withinMs / 1000) }) : await checker.verdict(t.inputSchema);
    if (why) out.set(t.name, why);
  }
  return out;
}
