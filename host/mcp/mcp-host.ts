/**
 * The studio as an MCP host (docs/mcp.md): the servers the creator added, each connected through
 * the SDK (mcp-connection.ts), their tools offered to conversations as function tools, and the
 * calls run after approval. A local command runs only once its exact command line was confirmed
 * outside the page (confirm-outside.ts); that confirmation is kept, with the line it was for, by
 * the host alone (mcp-store.ts), so a page that changes the line is asked about again.
 */
import { randomUUID } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode as McpErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSpec, McpServerView, McpState } from '@shared/contract/mcp.js';
import { errorData, type ErrorData } from '@shared/contract/result.js';
import type { LanguageSetting } from '@shared/languages.js';
import { msg, type Message } from '@shared/messages/index.js';
import { confirmOutside } from '../confirm-outside.js';
import { coreError } from '../errors.js';
import type { CorePorts, OutsideRequest, SecretsPort } from '../ports.js';
import { sizeText, TooLarge, type AnswerSeen } from './capped-fetch.js';
import { commandLine, connectUrl, fingerprintOf } from './command-line.js';
import { connectError, lastWords } from './connect-error.js';
import { DEFAULT_LIMITS, McpConnection, type ConnectionLimits } from './mcp-connection.js';
import { McpStore, type ServerRecord } from './mcp-store.js';
import { exposedNames } from './tool-names.js';
import { boundSecret, secretFor, unbind } from './endpoint.js';
import { approvalOf, changeOf, type Approval } from './tool-definition.js';
import { resultText } from './tool-result.js';
import { unusableTools } from './unusable.js';

export interface McpLimits extends ConnectionLimits {
  callMs: number;
  /** The longest answer (characters) passed on to the model. */
  maxResultChars: number;
}

export const DEFAULT_MCP_LIMITS: McpLimits = { ...DEFAULT_LIMITS, callMs: 60_000, maxResultChars: 100_000 };
const MAX_SERVERS = 32;

/** A tool as a conversation offers it: where a call to `name` goes. */
export interface McpRoute {
  name: string;
  serverId: string;
  serverName: string;
  tool: string;
  description?: string;
  schema: Record<string, unknown>;
}

export interface McpHostDeps {
  /** `<dataDir>/mcp-servers.json`. */
  file: string;
  secrets: SecretsPort;
  confirm?: CorePorts['confirmOutside'];
  language(): LanguageSetting;
  version: string;
  emit(list: McpServerView[]): void;
  log(line: string): void;
  onUnreadable(backup: string | null): void;
  limits?: Partial<McpLimits>;
}

interface Live {
  state: McpState;
  error?: ErrorData;
  conn?: McpConnection;
  /** The connected server's tools that are not offered, with why (their schema, unusable.ts). */
  unusable?: Map<string, Message>;
  /** Counts starts, so a late answer of an earlier one changes nothing. */
  attempt: number;
}

const tokenId = (id: string) => `mcp-server:${id}`;

/**
 * A server as the page sees it: an environment's values are write-only, like keys and tokens
 * (an environment is where a server's own secrets go); only the names cross the contract.
 */
const shownSpec = (spec: McpServerSpec): McpServerSpec =>
  (spec.transport === 'stdio' ? { ...spec, args: [...spec.args], env: Object.fromEntries(Object.keys(spec.env).map((k) => [k, ''])) } : { ...spec });
export class McpHost {
  private readonly store: McpStore;
  private readonly live = new Map<string, Live>();
  readonly limits: McpLimits;

  constructor(private readonly d: McpHostDeps) {
    this.store = new McpStore(d.file, d.log, d.onUnreadable);
    this.limits = { ...DEFAULT_MCP_LIMITS, ...d.limits };
  }

  /** Starts what may start without asking: the commands and URLs confirmed before. */
  open(): void {
    for (const r of this.store.all()) {
      this.bindOldToken(r);
      this.live.set(r.id, { state: this.restingState(r), attempt: 0 });
      if (r.enabled && this.mayStart(r)) void this.start(r.id);
    }
  }

  async close(): Promise<void> {
    const conns = [...this.live.values()].flatMap((l) => (l.conn ? [l.conn] : []));
    for (const l of this.live.values()) l.attempt++;
    await Promise.all(conns.map((c) => c.close()));
  }

  /** A URL server's token, only for the address it was given for (endpoint.ts). */
  private tokenOf(r: ServerRecord): string | undefined {
    return r.spec.transport === 'http' ? secretFor(this.d.secrets.get(tokenId(r.id)), r.spec.url) : undefined;
  }

  /** A token saved before tokens were bound is bound to the address it has been used with. */
  private bindOldToken(r: ServerRecord): void {
    if (r.spec.transport !== 'http') return;
    const old = unbind(this.d.secrets.get(tokenId(r.id)));
    if (old && old.for === undefined) this.d.secrets.set(tokenId(r.id), boundSecret(r.spec.url, old.token));
  }

  private mayStart(r: ServerRecord): boolean {
    return r.confirmed === fingerprintOf(r.spec);
  }

  private restingState(r: ServerRecord): McpState {
    if (!r.enabled) return 'disabled';
    return this.mayStart(r) ? 'connecting' : 'unconfirmed';
  }

  private record(id: string): ServerRecord {
    const r = this.store.get(id);
    if (!r) throw coreError('not_found', msg('mcp.server.notFound'), 'id');
    return r;
  }

  private liveOf(id: string): Live {
    let l = this.live.get(id);
    if (!l) this.live.set(id, (l = { state: 'disabled', attempt: 0 }));
    return l;
  }

  list(): McpServerView[] {
    const records = this.store.all();
    const names = exposedNames(records.map((r) => ({ name: r.spec.name, tools: this.toolsOf(r.id).map((t) => t.name) })));
    return records.map((r, i) => {
      const l = this.liveOf(r.id);
      const token = this.tokenOf(r);
      return {
        id: r.id,
        spec: shownSpec(r.spec),
        state: l.state,
        ...(l.error ? { error: l.error } : {}),
        tools: this.toolsOf(r.id).map((t, j) => {
          const unusable = l.unusable?.get(t.name);
          return {
            name: t.name,
            exposedName: names[i][j],
            ...(t.description ? { description: t.description } : {}),
            inputSchema: unusable ? {} : t.inputSchema as Record<string, unknown>,
            ...(unusable ? { unusable } : {}),
          };
        }),
        ...(token ? { tokenTail: token.slice(-4) } : {}),
        ...this.approvalsView(r),
      };
    });
  }

  /** Bare names in an older file approved no definition: they allow nothing (tool-definition.ts). */
  private approvals(r: ServerRecord): Approval[] {
    return r.alwaysAllowed.filter((a): a is Approval => typeof a !== 'string');
  }

  /**
   * The tools allowed always, and those the server has redefined since. A tool not listed now (the
   * server is not connected) stays on the list, so the creator can still take it off.
   */
  private approvalsView(r: ServerRecord): Pick<McpServerView, 'alwaysAllowed' | 'redefined'> {
    const tools = this.toolsOf(r.id);
    const alwaysAllowed: string[] = [];
    const redefined: NonNullable<McpServerView['redefined']> = [];
    for (const a of this.approvals(r)) {
      const now = tools.find((t) => t.name === a.tool);
      const changed = now && changeOf(a, now);
      if (changed) redefined.push({ tool: a.tool, changed });
      else alwaysAllowed.push(a.tool);
    }
    return { alwaysAllowed, redefined };
  }

  view(id: string): McpServerView {
    return this.list().find((v) => v.id === id)!;
  }

  private changed(): void {
    this.d.emit(this.list());
  }

  private toolsOf(id: string): Tool[] {
    const l = this.live.get(id);
    return l?.state === 'connected' && l.conn ? l.conn.tools.slice(0, this.limits.maxTools) : [];
  }

  async add(spec: McpServerSpec, token?: string): Promise<McpServerView> {
    if (this.store.all().length >= MAX_SERVERS) throw coreError('invalid_input', msg('mcp.server.tooMany', { max: MAX_SERVERS }));
    const r: ServerRecord = { id: randomUUID(), spec, enabled: true, alwaysAllowed: [] };
    this.store.add(r);
    if (token && spec.transport === 'http') this.d.secrets.set(tokenId(r.id), boundSecret(spec.url, token));
    this.live.set(r.id, { state: this.restingState(r), attempt: 0 });
    if (this.mayStart(r)) await this.start(r.id);
    else this.changed();
    return this.view(r.id);
  }

  /**
   * Turns the server on and (re)starts it; a command line or an address not confirmed before is
   * asked about first, outside the page: nothing runs and nothing is sent until then.
   */
  async connect(id: string, code?: string): Promise<McpServerView> {
    const r = this.record(id);
    if (!this.mayStart(r)) {
      const fingerprint = fingerprintOf(r.spec);
      await confirmOutside(this.question(r.spec, code), this.d.confirm, {
        needsCode: msg(r.spec.transport === 'http' ? 'mcp.server.urlNeedsCode' : 'mcp.server.needsCode', { name: r.spec.name }),
        codeWrong: msg('mcp.server.codeWrong'),
        codeExpired: msg('mcp.server.codeExpired'),
        tooManyTries: msg('mcp.server.tooManyTries'),
        declined: msg(r.spec.transport === 'http' ? 'mcp.server.urlDeclined' : 'mcp.server.declined'),
        param: 'id',
      });
      // The server may have gone, or its line changed, while the creator was asked.
      const now = this.store.get(id)?.spec;
      if (!now || fingerprintOf(now) !== fingerprint) throw coreError('conflict', msg('mcp.server.notFound'), 'id');
      this.store.update(id, (x) => ({ ...x, confirmed: fingerprint }));
    }
    if (!r.enabled) this.store.update(id, (x) => ({ ...x, enabled: true }));
    await this.start(id);
    return this.view(id);
  }

  /** What the creator is asked outside the page: the exact command line, or the exact address. */
  private question(spec: McpServerSpec, code: string | undefined): OutsideRequest {
    const common = { server: spec.name, code, language: this.d.language() };
    return spec.transport === 'http' ? { kind: 'mcp-url', url: connectUrl(spec), ...common } : { kind: 'mcp-command', commandLine: commandLine(spec), ...common };
  }

  private async start(id: string): Promise<void> {
    const l = this.liveOf(id);
    const attempt = ++l.attempt;
    const old = l.conn;
    Object.assign(l, { state: 'connecting', error: undefined, conn: undefined });
    this.changed();
    await old?.close();
    const r = this.store.get(id);
    if (!r || attempt !== l.attempt) return;
    try {
      const conn = await McpConnection.open(r.spec, {
        token: this.tokenOf(r),
        version: this.d.version,
        limits: this.limits,
        onToolsChanged: () => {
          if (l.conn !== conn) return;
          this.d.log(`mcp: ${r.spec.name} changed its tools`);
          this.changed();
        },
        onLost: (reason) => {
          if (l.conn !== conn) return;
          this.d.log(`mcp: ${r.spec.name} stopped: ${reason}`);
          Object.assign(l, { state: 'failed', conn: undefined, error: errorData('unreachable', msg('mcp.server.exited', { reason: reason || '—' }), true) });
          this.changed();
        },
      });
      if (attempt !== l.attempt || !this.store.get(id)) {
        await conn.close();
        return;
      }
      if (conn.tools.length > this.limits.maxTools) this.d.log(`mcp: ${r.spec.name} lists ${conn.tools.length} tools; the first ${this.limits.maxTools} are offered`);
      const unusable = await unusableTools(conn.tools.slice(0, this.limits.maxTools), this.limits.connectMs);
      if (attempt !== l.attempt || !this.store.get(id)) {
        await conn.close();
        return;
      }
      for (const [tool, why] of unusable) this.d.log(`mcp: ${r.spec.name}: ${tool} is not offered: ${why.message}`);
      Object.assign(l, { state: 'connected', conn, unusable });
    } catch (err) {
      if (attempt !== l.attempt) return;
      this.d.log(`mcp: ${r.spec.name} did not connect: ${lastWords(err)}`);
      Object.assign(l, { state: 'failed', error: connectError(err, this.limits) });
    }
    this.changed();
  }

  private async stop(id: string, state: McpState): Promise<void> {
    const l = this.liveOf(id);
    l.attempt++;
    const conn = l.conn;
    Object.assign(l, { state, conn: undefined, error: undefined });
    await conn?.close();
  }

  async disable(id: string): Promise<McpServerView> {
    this.record(id);
    this.store.update(id, (x) => ({ ...x, enabled: false }));
    await this.stop(id, 'disabled');
    this.changed();
    return this.view(id);
  }

  async remove(id: string): Promise<Record<string, never>> {
    this.record(id);
    await this.stop(id, 'disabled');
    this.store.remove(id);
    this.live.delete(id);
    this.d.secrets.delete(tokenId(id));
    this.changed();
    return {};
  }

  async setToken(id: string, token: string | null): Promise<McpServerView> {
    const r = this.record(id);
    if (r.spec.transport !== 'http') throw coreError('invalid_input', msg('rules.mcp.url'), 'token');
    if (token === null) this.d.secrets.delete(tokenId(id));
    else this.d.secrets.set(tokenId(id), boundSecret(r.spec.url, token));
    // An address not yet confirmed waits for mcp.connect's question: a new token is no way around it.
    if (r.enabled && this.mayStart(r)) await this.start(id);
    else this.changed();
    return this.view(id);
  }

  /** Allowing binds the approval to the tool as the server lists it now; it must be listed. */
  setAlwaysAllow(id: string, tool: string, allowed: boolean): McpServerView {
    const r = this.record(id);
    const now = this.toolsOf(id).find((t) => t.name === tool);
    if (allowed && !now) {
      if (this.liveOf(id).state !== 'connected') throw coreError('unreachable', msg('mcp.call.notConnected', { name: r.spec.name }), 'tool');
      throw coreError('not_found', msg('mcp.call.toolGone', { server: r.spec.name, tool }), 'tool');
    }
    const others = (x: ServerRecord) => x.alwaysAllowed.filter((a) => (typeof a === 'string' ? a : a.tool) !== tool);
    this.store.update(id, (x) => ({ ...x, alwaysAllowed: allowed && now ? [...others(x), approvalOf(now)] : others(x) }));
    this.changed();
    return this.view(id);
  }

  /** Whether a call runs without asking: allowed always, and the tool still defined as it was then. */
  alwaysAllowed(serverId: string, tool: string): boolean {
    const r = this.store.get(serverId);
    const approval = r && this.approvals(r).find((a) => a.tool === tool);
    const now = this.toolsOf(serverId).find((t) => t.name === tool);
    return !!approval && !!now && !changeOf(approval, now);
  }

  /**
   * The tools of the chosen servers that are connected now, as function tools named apart from
   * each other and from `taken` (the conversation's own functions).
   */
  offer(serverIds: readonly string[], taken: Iterable<string>): McpRoute[] {
    const chosen = this.store.all().filter((r) => serverIds.includes(r.id));
    const tools = chosen.map((r) => this.toolsOf(r.id));
    const names = exposedNames(chosen.map((r, i) => ({ name: r.spec.name, tools: tools[i].map((t) => t.name) })), taken);
    return chosen.flatMap((r, i) => tools[i].flatMap((t, j) => (this.live.get(r.id)?.unusable?.has(t.name) ? [] : [{
      name: names[i][j], serverId: r.id, serverName: r.spec.name, tool: t.name,
      ...(t.description ? { description: t.description } : {}),
      schema: t.inputSchema as Record<string, unknown>,
    }])));
  }

  /** Runs one call; throws what the creator reads when it gives no answer (docs/mcp.md, "Limits"). */
  async run(call: { serverId: string; tool: string; arguments: string }, o: { signal: AbortSignal; onProgress(p: { progress: number; total?: number; message?: string }): void }): Promise<{ text: string; isError: boolean }> {
    const r = this.store.get(call.serverId);
    if (!r) throw coreError('not_found', msg('mcp.call.serverGone'));
    const l = this.liveOf(r.id);
    if (l.state !== 'connected' || !l.conn) throw coreError('unreachable', msg('mcp.call.notConnected', { name: r.spec.name }));
    if (!l.conn.tools.some((t) => t.name === call.tool)) throw coreError('not_found', msg('mcp.call.toolGone', { server: r.spec.name, tool: call.tool }));
    const unusable = l.unusable?.get(call.tool);
    if (unusable) throw coreError('invalid_input', msg('mcp.call.unusable', { server: r.spec.name, tool: call.tool, reason: unusable }));
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(call.arguments) as Record<string, unknown>;
    } catch {
      throw coreError('invalid_input', msg('mcp.call.argumentsInvalid'));
    }
    try {
      const result = await l.conn.call(call.tool, args, { signal: o.signal, timeoutMs: this.limits.callMs, onProgress: o.onProgress });
      const answer = resultText(result, this.limits.maxResultChars);
      if (!answer) throw new TooLarge(this.limits.maxResultChars);
      return answer;
    } catch (err) {
      throw this.runError(err, o.signal);
    }
  }

  private runError(err: unknown, signal: AbortSignal): Error {
    if (signal.aborted) return coreError('aborted', msg('mcp.call.stopped'));
    if (err instanceof McpError && err.code === McpErrorCode.RequestTimeout) return coreError('timeout', msg('mcp.call.timeout', { seconds: Math.round(this.limits.callMs / 1000) }));
    if (err instanceof TooLarge) return coreError('invalid_request', tooLargeText(err.limit, this.limits.maxResultChars));
    const answer = (err as { answer?: AnswerSeen }).answer;
    if (answer) return coreError('server_error', msg('mcp.server.notMcp', { status: answer.status, contentType: answer.contentType || '—' }));
    return coreError('server_error', msg('mcp.call.failed', { reason: (err as Error).message?.slice(0, 600) ?? String(err) }));
  }
}

/** A message's limit in words: characters for an answer, bytes for a raw message. */
function tooLargeText(limit: number, maxChars: number): Message {
  return msg('mcp.call.tooLarge', { limit: limit === maxChars ? `${maxChars.toLocaleString('en')} characters` : sizeText(limit) });
}
