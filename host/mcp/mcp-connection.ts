/**
 * One live connection to an MCP server, through the official SDK's client (docs/mcp.md): a local
 * command over stdio, or a URL over Streamable HTTP with the bearer token. The studio writes no
 * protocol of its own; it only bounds what a server may cost the host (docs/mcp.md, "Limits"):
 * a time to connect, a size for one message, a number of tools.
 */
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { McpServerSpec } from '@shared/contract/mcp.js';
import { cappedFetch, isMcpAnswer, type AnswerSeen } from './capped-fetch.js';

export interface ConnectionLimits {
  connectMs: number;
  /** The largest single message a server may send (stdio line, HTTP response body). */
  maxMessageBytes: number;
  maxTools: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = { connectMs: 20_000, maxMessageBytes: 4 * 1024 * 1024, maxTools: 128 };

/** The last words a local server wrote to stderr: the best reason there is when it stops. */
const STDERR_TAIL = 600;

export interface CallOptions {
  signal: AbortSignal;
  timeoutMs: number;
  onProgress(progress: { progress: number; total?: number; message?: string }): void;
}

/**
 * The SDK compiles a tool's `outputSchema` with its own Ajv (backtracking patterns, no size cap)
 * at every `tools/list`, and checks each structured result against it on the host's loop. The
 * studio passes a tool's answer to the model as text and does not check it against its
 * `outputSchema` (docs/mcp.md, "Limits"), so nothing of a server's schemas runs here.
 */
const DESCRIBED_ONLY: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input: unknown) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

export class McpConnection {
  private stderr = '';
  private closing = false;
  /** The calls waiting now, each with a way to end it early. */
  private readonly waiting = new Set<(err: Error) => void>();

  /** The last answer that was not an MCP answer (capped-fetch.ts): what a failed call may quote. */
  private bad?: AnswerSeen;
  /** Counts re-listings, so a late answer of an earlier one changes nothing. */
  private listing = 0;

  private constructor(
    private readonly client: Client,
    /** As the server lists them now: a listChanged notification lists them again. */
    public tools: Tool[],
  ) {}

  /**
   * Connects and lists the tools; `onLost` runs once if the connection ends on its own (the
   * process exits, the transport fails), with the reason the server gave, if any;
   * `onToolsChanged` each time the server changed its tools and they were listed again.
   */
  static async open(spec: McpServerSpec, o: { token?: string; version: string; limits: ConnectionLimits; onLost(reason: string): void; onToolsChanged(): void }): Promise<McpConnection> {
    const relist = () => void holder.c?.relist(o.limits, o.onToolsChanged);
    const client = new Client(
      { name: 'gateway-studio', version: o.version },
      // Listed again by listTools below, with its page limit and time limit, not the SDK's one page.
      { jsonSchemaValidator: DESCRIBED_ONLY, listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: relist } } },
    );
    /** `bad`: the last answer that was not an MCP answer, all the creator reads of it (capped-fetch.ts). */
    const holder: { c?: McpConnection; early: string; answered: boolean; bad?: AnswerSeen } = { early: '', answered: false };
    const heard = (a: AnswerSeen, method: string) => {
      holder.answered = true;
      // A 405 to GET is the SDK's "no stream to listen to", not a failure.
      if (isMcpAnswer(a) || (a.status === 405 && method === 'GET')) return;
      holder.bad = a;
      if (holder.c) holder.c.bad = a;
    };
    const tooLarge = (err: Error) => holder.c?.failWaiting(err);
    let transport: Transport;
    let stderr: Readable | null = null;
    if (spec.transport === 'stdio') {
      const stdio = new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: 'pipe', maxBufferSize: o.limits.maxMessageBytes });
      stderr = stdio.stderr as Readable | null;
      transport = stdio;
    } else {
      transport = new StreamableHTTPClientTransport(new URL(spec.url), {
        requestInit: o.token ? { headers: { Authorization: `Bearer ${o.token}` } } : {},
        fetch: cappedFetch(o.limits.maxMessageBytes, tooLarge, heard),
        reconnectionOptions: { initialReconnectionDelay: 1000, maxReconnectionDelay: 10_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 },
      });
    }
    stderr?.on('data', (chunk: Buffer) => {
      const text = ((holder.c?.stderr ?? holder.early) + chunk.toString('utf8')).slice(-STDERR_TAIL);
      if (holder.c) holder.c.stderr = text;
      else holder.early = text;
    });
    try {
      await client.connect(transport, { timeout: o.limits.connectMs });
      const tools = await listTools(client, o.limits);
      const c = new McpConnection(client, tools);
      c.stderr = holder.early;
      holder.c = c;
      client.onclose = () => {
        if (!c.closing) o.onLost(c.stderr.trim().split('\n').at(-1) ?? '');
      };
      return c;
    } catch (err) {
      await client.close().catch(() => undefined);
      throw Object.assign(err as Error, { stderr: holder.early.trim().split('\n').at(-1) ?? '', answered: holder.answered, ...(holder.bad ? { answer: holder.bad } : {}) });
    }
  }

  /**
   * Lists the tools again after the server said they changed. A list that cannot be read leaves no
   * tools: the old definitions are no longer the server's, and approving them would approve a guess.
   */
  private async relist(limits: ConnectionLimits, done: () => void): Promise<void> {
    const listing = ++this.listing;
    let tools: Tool[] = [];
    try {
      tools = await listTools(this.client, limits);
    } catch {
      // Left empty: calls are refused as "no longer lists the tool" until a restart lists them.
    }
    if (listing !== this.listing || this.closing) return;
    this.tools = tools;
    done();
  }

  /** Ends every waiting call with `err` (the SDK cancels each at the server). */
  private failWaiting(err: Error): void {
    for (const fail of this.waiting) fail(err);
  }

  async call(name: string, args: Record<string, unknown>, o: CallOptions): Promise<CallToolResult> {
    const own = new AbortController();
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure = err;
      own.abort(err);
    };
    this.waiting.add(fail);
    this.bad = undefined;
    try {
      return (await this.client.callTool({ name, arguments: args }, undefined, {
        signal: AbortSignal.any([o.signal, own.signal]),
        timeout: o.timeoutMs,
        maxTotalTimeout: o.timeoutMs,
        onprogress: (p) => o.onProgress({ progress: p.progress, total: p.total, message: p.message }),
      })) as CallToolResult;
    } catch (err) {
      if (!failure && this.bad) throw Object.assign(err as Error, { answer: this.bad });
      throw failure ?? err;
    } finally {
      this.waiting.delete(fail);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client.close().catch(() => undefined);
  }
}

async function listTools(client: Client, limits: ConnectionLimits): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: limits.connectMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor && tools.length <= limits.maxTools);
  return tools;
}
