/**
 * What an MCP tool answered, as the text the model reads (docs/mcp.md, "Results"): text parts as
 * they are, other parts named in a line (the studio passes no binary to a text model), structured
 * content as JSON when there is no text. Past `maxChars` the answer is refused, not cut: a cut
 * answer could mislead the model, and the creator can still type one.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type Part = CallToolResult['content'][number];

function partText(p: Part): string {
  switch (p.type) {
    case 'text':
      return p.text;
    case 'image':
    case 'audio':
      return `[${p.type}: ${p.mimeType}, ${Math.floor((p.data.length * 3) / 4)} bytes, not shown to the model]`;
    case 'resource_link':
      return `[${p.name}](${p.uri})`;
    case 'resource':
      return 'text' in p.resource ? String(p.resource.text) : `[resource: ${p.resource.uri}]`;
    default:
      return '';
  }
}

/** The answer's text, or undefined when it is longer than `maxChars`. */
export function resultText(result: CallToolResult, maxChars: number): { text: string; isError: boolean } | undefined {
  const parts = (result.content ?? []).map(partText).filter(Boolean);
  let text = parts.join('\n\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (text.length > maxChars) return undefined;
  return { text, isError: result.isError === true };
}
