/**
 * The Chat tab's host side: conversations, and replies streamed in the background.
 * Commands answer at once (`chat.send` returns the stream's id); each reply then reports through
 * `chat.onDidStream` and ends with one `chat.onDidEnd`. One reply at a time per conversation.
 */
import { msg } from '@shared/messages/index.js';
import { randomUUID } from 'node:crypto';
import {
  type ChatMessageView, type ConversationSummary, type ConversationView, type StreamStarted, type ToolAnswer,
} from '@shared/contract/chat.js';
import type { Output, ParsedInput } from '@shared/contract/index.js';
import type { GatewayClient } from '../gateway/client.js';
import { coreError } from '../errors.js';
import { filesOf, type ReadImage } from './chat-images.js';
import { summaryOf } from '@shared/contract/conversation-summary.js';
import { deriveTitle, entryOf, UNTITLED, type Conversation } from './conversation-file.js';
import { ConversationStore } from './conversation-store.js';
import { exportMarkdown } from './markdown-export.js';
import { buildRequest, toolsOn, type BuiltRequest } from './request-builder.js';
import { DEFAULT_TIMING, type StreamTiming } from './reply-stream.js';
import { normalizeQuery } from './search.js';
import { checkFunctions } from './tool-arguments.js';
import { ConversationTokens } from './conversation-token.js';
import { answerCall, openCall, settleCalls } from './tool-loop.js';
import { previewMessage, previewMessages, wholeArguments, wholeResult } from './tool-call-preview.js';
import { mergeSettings, newConversationSettings } from './settings-merge.js';
import { withNewVersion, type Switched } from './versions.js';
import { revealShown, switchShown } from './version-switch.js';
import { chooseTogether, goOnWithShown, tightestModel, withTogether } from './side-by-side.js';
import { ReplyRuns, startedOf } from './reply-runs.js';
import { attachmentIds, userTurn } from './user-turn.js';
import { ToolRuns } from './tool-runs.js';
import type { ChatDeps } from './chat-deps.js';

export type { ChatDeps } from './chat-deps.js';

export class ChatService {
  readonly store: ConversationStore;
  /** Running replies, by conversation and by stream id. */
  private readonly replies: ReplyRuns;
  private readonly timing: StreamTiming;
  private readonly runs?: ToolRuns;
  private readonly tokens: ConversationTokens;

  constructor(private readonly d: ChatDeps) {
    this.tokens = new ConversationTokens(d.secrets);
    this.store = new ConversationStore(d.dir, d.log, d.onUnreadable, undefined, d.searchIndex);
    this.timing = { ...DEFAULT_TIMING, ...d.timing };
    this.replies = new ReplyRuns({
      d, timing: this.timing,
      save: async (c, reply, request, final) => {
        if (!final) return this.persist(c);
        c.updatedAt = this.d.now();
        await settleCalls(c, reply, this.d.log, request.mcpRoutes);
        return this.persistDurable(c);
      },
      saveDurable: (c) => this.persistDurable(c),
      pin: (id, on) => this.store.pin(id, on),
      ended: (c, reply, error) => {
        this.changed(c.id, 'updated');
        if (error?.code === 'payment_required') this.d.onPaymentRequired(error.text ?? error.message);
        void this.runs?.runAllowed(c.id, reply);
      },
      changed: (id) => this.changed(id, 'updated'),
    });
    if (d.mcp) {
      this.runs = new ToolRuns({
        mcp: d.mcp, emit: d.emit, now: d.now, log: d.log,
        answer: (input, answer) => this.answerWith(input, answer),
        open: (ref) => {
          const c = this.store.get(ref.conversationId);
          this.idle(c, true);
          return openCall(c, ref).call;
        },
        keep: (conversationId, change) => {
          const c = this.store.get(conversationId);
          if (!change(c)) return;
          this.persist(c);
          this.changed(c.id, 'updated');
        },
      });
    }
  }

  open(): void {
    this.store.open();
  }

  /** Ends every reply (kept as incomplete) before the studio closes. */
  async close(): Promise<void> {
    this.runs?.stopAll();
    await this.replies.closeAll();
    await this.store.close();
  }

  /** The stored messages, not a copy: IPC and the browser shell serialize a view at once (docs/performance-findings.md, "Where a long conversation's first open goes"). */
  private view(c: Conversation, last?: number): ConversationView {
    const tail = this.tokens.tail(c.id);
    // Long function-call arguments go as previews (tool-call-preview.ts).
    const messages = previewMessages(last === undefined ? c.messages : c.messages.slice(-last));
    return { ...summaryOf(entryOf(c)), settings: structuredClone(c.settings), ...(tail ? { mcpTokenTail: tail } : {}), messages };
  }

  /** Keeps a change; written off the event loop within 50 ms, a refusal logged (conversation-store.ts). `texts: false`: no text changed. */
  private persist(c: Conversation, texts = true): void {
    if (!c.titleSet) c.title = deriveTitle(c);
    this.store.save(c, texts);
  }

  /** Keeps a change and resolves once it is on disk; a refusal is thrown, a message for the creator. */
  private persistDurable(c: Conversation): Promise<void> {
    if (!c.titleSet) c.title = deriveTitle(c);
    return this.store.saveDurable(c);
  }

  private changed(id: string, reason: 'created' | 'updated' | 'removed'): void {
    const entry = this.store.entry(id);
    this.d.emit('chat.onDidChange', { id, reason, ...(entry ? { summary: summaryOf(entry) } : {}) });
  }

  list(query?: string): Promise<ConversationSummary[]> | ConversationSummary[] {
    return normalizeQuery(query) ? this.store.search(query!) : this.store.list().map(summaryOf);
  }

  /** Messages holding the query, newest first (conversation-search.ts); searchReady: once the index holds them all. */
  search = (i: ParsedInput<'chat.search'>) => this.store.hits(i.query, { conversationId: i.conversationId, limit: i.limit ?? 200 });
  searchReady = () => this.store.searchReady();

  async create(input: ParsedInput<'chat.create'>): Promise<ConversationView> {
    await checkFunctions(input.settings?.tools?.functions);
    const title = input.title?.replace(/\s+/g, ' ').trim();
    const at = this.d.now();
    const c: Conversation = {
      version: 1, id: randomUUID(), title: title || UNTITLED, titleSet: !!title, createdAt: at, updatedAt: at,
      settings: mergeSettings(newConversationSettings(this.d.defaults()), input.settings), messages: [],
    };
    await this.persistDurable(c);
    this.changed(c.id, 'created');
    return this.view(c);
  }

  get = (id: string, last?: number): ConversationView => this.view(this.store.get(id), last);
  addDocument = (i: ParsedInput<'chat.addDocument'>) => this.d.documents.add(i.name, i.data);

  async update(input: ParsedInput<'chat.update'>): Promise<Omit<ConversationView, 'messages'>> {
    this.store.get(input.id);
    await checkFunctions(input.settings?.tools?.functions);
    const c = this.store.get(input.id);
    if (input.title !== undefined) [c.title, c.titleSet] = [input.title, true];
    if (input.settings) {
      const before = c.settings.tools.mcp.url;
      c.settings = mergeSettings(c.settings, input.settings);
      this.tokens.urlChanged(c.id, before, c.settings.tools.mcp.url);
    }
    await this.persistDurable(c);
    this.changed(c.id, 'updated');
    const { messages: _messages, ...rest } = this.view(c);
    return rest;
  }

  async remove(id: string): Promise<Record<string, never>> {
    const c = this.store.get(id);
    this.runs?.stop(id);
    await this.replies.discard(id);
    await this.store.remove(id);
    this.d.images.remove(filesOf(c.messages));
    this.tokens.set(id, null);
    this.changed(id, 'removed');
    return {};
  }

  setMcpToken(id: string, token: string | null): { tokenTail?: string } {
    this.store.get(id);
    this.tokens.set(id, token);
    this.changed(id, 'updated');
    const tail = this.tokens.tail(id);
    return tail ? { tokenTail: tail } : {};
  }

  selectChoice(input: ParsedInput<'chat.selectChoice'>): Record<string, never> {
    const c = this.store.get(input.conversationId);
    const m = this.assistant(c, input.messageId);
    if (input.choice >= (m.choices?.length ?? 0)) throw coreError('invalid_input', msg('chat.reply.noAlternative'), 'choice');
    m.selected = input.choice;
    this.persist(c);
    return {};
  }

  /** Masks the active key once more, for replies kept before masking existed: the file leaves the studio (docs/security.md). */
  exportMarkdown(i: ParsedInput<'chat.exportMarkdown'>): { fileName: string; markdown: string } {
    return exportMarkdown(this.store.get(i.id), this.d.now(), () => this.d.client(), i.language, i.branches);
  }

  /** Shows another version of a turn, and its branch (version-switch.ts). */
  switchVersion(i: ParsedInput<'chat.switchVersion'>): Switched {
    const c = this.store.get(i.conversationId);
    this.idle(c);
    return switchShown(c, i, this.keptSoon(c));
  }

  /** Shows the branch that holds a message (version-switch.ts); written as a switch is. */
  revealMessage(i: ParsedInput<'chat.revealMessage'>): Switched {
    const c = this.store.get(i.conversationId);
    this.idle(c);
    return revealShown(c, i, this.keptSoon(c));
  }

  /** A switch is written once its answer is on its way (serializing is not the creator's wait), unless removed meanwhile. */
  private keptSoon = (c: Conversation) => () => setImmediate(() => this.store.has(c.id) && (this.persist(c, false), this.changed(c.id, 'updated')));

  /** Goes on with one of several models' replies shown side by side (side-by-side.ts). */
  chooseVersion(i: ParsedInput<'chat.chooseVersion'>): Switched {
    const c = this.store.get(i.conversationId);
    this.idle(c);
    return chooseTogether(c, i, () => (this.persist(c, false), this.changed(c.id, 'updated')));
  }

  stop(streamId: string): Record<string, never> {
    this.replies.stop(streamId);
    return {};
  }

  private assistant(c: Conversation, messageId: string): ChatMessageView {
    const m = c.messages.find((x) => x.id === messageId);
    if (!m || m.role !== 'assistant') throw coreError('not_found', msg('chat.reply.gone'), 'messageId');
    return m;
  }

  /** No reply is streaming in the conversation, and (unless `answering`) no MCP call runs in it. */
  private idle(c: Conversation, answering = false): void {
    if (this.replies.busy(c.id) || (!answering && this.runs?.busy(c.id))) throw coreError('conflict', msg('chat.reply.stillWriting'));
  }

  private build(c: Conversation, turns: ChatMessageView[], images: Map<string, ReadImage>, single = false, settings = c.settings): BuiltRequest {
    const servers = c.settings.tools.mcpServers;
    return buildRequest({
      settings, turns: this.d.documents.inline(turns), single,
      mcpRoutes: servers.length && this.d.mcp ? this.d.mcp.offer(servers, c.settings.tools.functions.map((f) => f.name)) : [],
      dataUri: (image) => {
        // Not read before: a reply was sent and ended while this one's images were read.
        const read = images.get(image.file);
        if (!read) throw coreError('conflict', msg('chat.reply.stillWriting'));
        if ('error' in read) throw read.error;
        return read.uri;
      },
      mcpToken: c.settings.tools.mcp.enabled ? this.tokens.get(c.id) : undefined,
    });
  }

  private newReply(request: BuiltRequest, id: string = randomUUID()): ChatMessageView {
    const count = request.api === 'chat' && typeof request.json.n === 'number' ? request.json.n : 1;
    return { id, role: 'assistant', createdAt: this.d.now(), choices: Array.from({ length: count }, () => ({ text: '' })), selected: 0, status: 'streaming' };
  }

  async send(input: ParsedInput<'chat.send'>): Promise<StreamStarted> {
    const early = this.store.get(input.conversationId);
    this.idle(early);
    const read = await this.d.images.readAll(early.messages, attachmentIds(input.images));
    const c = this.store.get(input.conversationId);
    this.idle(c);
    // An edit is a new version of its turn; the old one stays with its branch (versions.ts).
    const at = input.replaces ? c.messages.findIndex((m) => m.id === input.replaces && m.role === 'user') : c.messages.length;
    if (at < 0) throw coreError('not_found', msg('chat.reply.editedGone'), 'replaces');
    const copied: string[] = [];
    try {
      const user = userTurn(this.d, c, input, read, c.settings.model, copied);
      const turns = withNewVersion(c.messages, at, user);
      const request = this.build(c, turns, read.files);
      const client = this.d.client();
      const reply = this.newReply(request);
      if (!input.replaces) goOnWithShown(c.messages);
      c.messages = [...turns, reply];
      // An edit drops no turn, so no image goes with it: the old version keeps its own.
      return await this.start(c, client, reply, request, { user });
    } catch (err) {
      this.d.images.remove(copied.filter((f) => !filesOf(c.messages).has(f)));
      throw err;
    }
  }

  async regenerate(input: ParsedInput<'chat.regenerate'>): Promise<StreamStarted> {
    const read = await this.d.images.readAll(this.store.get(input.conversationId).messages);
    const c = this.store.get(input.conversationId);
    this.idle(c);
    const old = this.assistant(c, input.messageId);
    const at = c.messages.indexOf(old);
    const request = this.build(c, c.messages.slice(0, at), read.files);
    const client = this.d.client();
    // A new version of the turn: the old one stays, with the turns below it (versions.ts).
    const reply = this.newReply(request);
    c.messages = withNewVersion(c.messages, at, reply);
    return this.start(c, client, reply, request, {});
  }

  async continue(input: ParsedInput<'chat.continue'>): Promise<StreamStarted> {
    const read = await this.d.images.readAll(this.store.get(input.conversationId).messages);
    const c = this.store.get(input.conversationId);
    this.idle(c);
    const m = this.assistant(c, input.messageId);
    if (m.status !== 'incomplete' && m.status !== 'stopped') throw coreError('invalid_request', msg('chat.reply.cannotContinue'), 'messageId');
    const at = c.messages.indexOf(m);
    const selected = m.selected ?? 0;
    // The partial text goes last, as the assistant's own turn, for the model to carry on from.
    const request = this.build(c, c.messages.slice(0, at + 1), read.files, true);
    const client = this.d.client();
    m.choices ??= [];
    m.choices[selected] ??= { text: '' };
    delete m.choices[selected].finishReason;
    return this.start(c, client, m, request, { appendTo: selected });
  }

  /** Answers one function call by hand (tool-loop.ts); refused while the host runs that call. */
  async answerToolCall(input: ParsedInput<'chat.answerToolCall'>): Promise<{ started?: StreamStarted }> {
    if (this.runs?.isRunning(input.conversationId, input.callId)) throw coreError('conflict', msg('mcp.call.running'), 'callId');
    return this.answerWith(input, input.answer);
  }

  /**
   * Keeps an answer on its call. The answer that completes the turn's calls starts the model's
   * next reply as a new assistant turn, as `send` starts its reply; if that start fails, the
   * answer is not kept, so it can be given again.
   */
  private async answerWith(input: { conversationId: string; messageId: string; callId: string }, answer: ToolAnswer): Promise<{ started?: StreamStarted }> {
    const read = await this.d.images.readAll(this.store.get(input.conversationId).messages);
    const c = this.store.get(input.conversationId);
    this.idle(c, true);
    const open = openCall(c, input);
    const before = c.messages;
    const undo = answerCall(open, answer, this.d.now());
    try {
      if (!open.last) {
        await this.persistDurable(c);
        this.changed(c.id, 'updated');
        return {};
      }
      const request = this.build(c, c.messages, read.files);
      const client = this.d.client();
      const reply = this.newReply(request);
      c.messages = [...c.messages, reply];
      return { started: await this.start(c, client, reply, request, {}) };
    } catch (err) {
      undo();
      c.messages = before;
      throw err;
    }
  }

  /** Runs an MCP call after the creator's approval (tool-runs.ts). */
  async runToolCall(input: ParsedInput<'chat.runToolCall'>): Promise<{ answer: ToolAnswer; started?: StreamStarted }> {
    if (!this.runs) throw coreError('invalid_request', msg('mcp.call.notMcp'), 'callId');
    return this.runs.approved(input);
  }

  /** The whole arguments, or result, of a call the page was sent as a preview. */
  toolCallArguments = (input: ParsedInput<'chat.toolCallArguments'>) => wholeArguments(this.store.get(input.conversationId), input);
  toolCallResult = (input: ParsedInput<'chat.toolCallResult'>) => wholeResult(this.store.get(input.conversationId), input);

  stopTools(conversationId: string): Record<string, never> {
    this.runs?.stop(conversationId);
    return {};
  }

  /** Starts a reply (reply-runs.ts) and answers its stream and turns. */
  private async start(c: Conversation, client: GatewayClient, reply: ChatMessageView, request: BuiltRequest, opts: { user?: ChatMessageView; appendTo?: number }): Promise<StreamStarted> {
    const [streamId] = await this.replies.start(c, client, [{ reply, request, appendTo: opts.appendTo }]);
    return startedOf(streamId, c, reply, opts.user, previewMessage);
  }

  /** One message to several models at once, their replies side by side (side-by-side.ts). */
  async sendMany(input: ParsedInput<'chat.sendMany'>): Promise<Output<'chat.sendMany'>> {
    this.idle(this.store.get(input.conversationId));
    const read = await this.d.images.readAll(this.store.get(input.conversationId).messages, attachmentIds(input.images));
    const c = this.store.get(input.conversationId);
    this.idle(c);
    // No tool loop runs in several branches at once: refused rather than sent without them.
    if (toolsOn(c.settings)) throw coreError('invalid_request', msg('chat.versions.compareTools'));
    const copied: string[] = [];
    try {
      const user = userTurn(this.d, c, input, read, tightestModel(input.targets), copied);
      const turns = [...c.messages, user];
      // Every request is built before any is sent: one a target cannot take refuses them all.
      const requests = input.targets.map((t) => this.build(c, turns, read.files, true, { ...c.settings, model: t.model, api: t.api }));
      const client = this.d.client();
      const replies = requests.map((request) => ({ reply: this.newReply(request), request }));
      goOnWithShown(c.messages);
      c.messages = withTogether(c.messages, user, replies.map((r) => r.reply));
      const streamIds = await this.replies.start(c, client, replies);
      return {
        conversationId: c.id, user: structuredClone(previewMessage(user)), reply: structuredClone(previewMessage(c.messages.at(-1)!)),
        streams: streamIds.map((streamId, i) => ({ streamId, messageId: replies[i].reply.id })),
      };
    } catch (err) {
      this.d.images.remove(copied.filter((f) => !filesOf(c.messages).has(f)));
      throw err;
    }
  }
}
