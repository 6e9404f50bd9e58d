/**
 * MCP servers the studio connects to as a host (docs/mcp.md): a local command spoken to over
 * stdio, or a URL spoken to over Streamable HTTP. A conversation chooses whose tools it offers
 * (`ChatTools.mcpServers`); the model's calls to them run in the host after the creator's approval
 * (`chat.runToolCall`). A local command starts, and a URL is contacted, only after a confirmation
 * outside the page (the desktop's native dialog, the browser shell's terminal code), and a URL's
 * bearer token is write-only, like API keys.
 */
import { z } from 'zod';
import { MessageData, zodMessage } from '../messages/index.js';
import { ErrorData } from './result.js';

const name = z.string().trim().min(1, zodMessage('rules.mcp.name')).max(60, zodMessage('rules.mcp.name'));
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, zodMessage('rules.mcp.envName'));

export const McpStdioSpec = z.object({
  transport: z.literal('stdio'),
  name,
  /** The program, as a shell would find it (a path, or a name on PATH); never run through a shell. */
  command: z.string().trim().min(1, zodMessage('rules.mcp.command')).max(1000),
  args: z.array(z.string().max(4000)).max(64),
  /** Added to the small safe environment the SDK gives a server (HOME, PATH, …). */
  env: z.record(envName, z.string().max(4000)).refine((e) => Object.keys(e).length <= 32, zodMessage('rules.mcp.envCount', { max: 32 })),
});

export const McpHttpSpec = z.object({
  transport: z.literal('http'),
  name,
  url: z.url({ protocol: /^https?$/, error: zodMessage('rules.mcp.url') }).max(2000),
});

export const McpServerSpec = z.discriminatedUnion('transport', [McpStdioSpec, McpHttpSpec]);
export type McpServerSpec = z.infer<typeof McpServerSpec>;

/** A tool a connected server lists, as the model sees it under `exposedName`. */
export const McpToolView = z.object({
  name: z.string(),
  /** The function name sent to the model: unique across the servers a conversation offers. */
  exposedName: z.string(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  /**
   * Why the tool is not offered to the model: its schema cannot be checked safely (too large, or a
   * pattern the linear-time engine cannot take; docs/robust-host.md, "Tool schemas"). Its
   * `inputSchema` is then empty: an oversized schema never crosses to the page.
   */
  unusable: MessageData.optional(),
});
export type McpToolView = z.infer<typeof McpToolView>;

/**
 * - `unconfirmed`: a command or an address not yet confirmed outside the page; nothing runs or is sent.
 * - `connecting`, `connected`: as they say; `failed`: it stopped or never answered (`error` says why).
 * - `disabled`: the creator turned it off; its process, if any, is stopped.
 */
export const MCP_STATES = ['unconfirmed', 'connecting', 'connected', 'failed', 'disabled'] as const;
export type McpState = (typeof MCP_STATES)[number];

/** What a server changed in a tool since the creator chose "Always allow" for it. */
export const TOOL_CHANGES = ['description', 'schema', 'both'] as const;
export type ToolChange = (typeof TOOL_CHANGES)[number];

export const McpServerView = z.object({
  id: z.string(),
  /** As added, but an environment's values are write-only: shown as empty strings, names only. */
  spec: McpServerSpec,
  state: z.enum(MCP_STATES),
  error: ErrorData.optional(),
  tools: z.array(McpToolView),
  /** The bearer token's last four characters; the token itself never crosses the contract. */
  tokenTail: z.string().optional(),
  /** Tools whose calls run without asking each time ("Always allow"), as they were when allowed. */
  alwaysAllowed: z.array(z.string()),
  /**
   * Tools allowed always whose definition the server has changed since: their calls ask again,
   * until the creator allows the new definition.
   */
  redefined: z.array(z.object({ tool: z.string(), changed: z.enum(TOOL_CHANGES) })).optional(),
});
export type McpServerView = z.infer<typeof McpServerView>;

const id = z.string().min(1).max(100);
/** Browser shell: the code printed in the terminal that confirms starting a local command. */
const confirmCode = z.string().trim().max(32).optional();

export const mcpMethods = {
  'mcp.list': { input: z.object({}), output: z.array(McpServerView) },
  /** Saves a server, `unconfirmed`: nothing runs and nothing is sent until `mcp.connect`'s confirmation. */
  'mcp.add': {
    input: z.object({ spec: McpServerSpec, token: z.string().trim().min(1).max(4096).optional() }),
    output: McpServerView,
  },
  /**
   * Turns a server on and (re)starts it. A local command or a URL whose exact command line or
   * address was not confirmed before is confirmed outside the page first (`confirmation_required`
   * until then, in the browser shell).
   */
  'mcp.connect': { input: z.object({ id, confirmCode }), output: McpServerView },
  'mcp.disable': { input: z.object({ id }), output: McpServerView },
  'mcp.remove': { input: z.object({ id }), output: z.object({}) },
  /** Write-only; `null` clears it. The server reconnects with the new token. */
  'mcp.setToken': { input: z.object({ id, token: z.string().trim().min(1).max(4096).nullable() }), output: McpServerView },
  /** Takes a tool off (or puts it on) the "Always allow" list. */
  'mcp.setAlwaysAllow': { input: z.object({ id, tool: z.string().min(1).max(200), allowed: z.boolean() }), output: McpServerView },
} as const;

export const mcpEvents = {
  /** Any server's state, tools or settings changed: the whole list, in the order they were added. */
  'mcp.onDidChange': z.array(McpServerView),
} as const;
