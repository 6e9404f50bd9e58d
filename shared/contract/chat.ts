/**
 * The Chat tab: conversations the host stores, and replies it streams from the
 * gateway's three text APIs (chat completions, responses, native generateContent). Every stream
 * has an id, one terminal `chat.onDidEnd` event and a cancel (`chat.stop`) — docs/house-rules.md,
 * "Every stream has an id, one end and a cancel".
 */
import { z } from 'zod';
import { apiTakes, RESPONSES_MODELS, TEXT_LIMITS } from '../gateway/catalog.js';
import { LANGUAGES } from '../languages.js';
import { msg, zodMessage } from '../messages/index.js';
import { schemaStructureProblem, TOOL_SCHEMA_LIMITS } from '../gateway/tool-schema-limits.js';
import { ErrorData } from './result.js';
import { ToolAnswer, ToolCall } from './tool-calls.js';
import { ChatDocument, ChatDocumentInput } from './chat-documents.js';
import { DEFAULT_CHAT_SETTINGS } from './chat-defaults.js';

export { DEFAULT_CHAT_SETTINGS };

const L = TEXT_LIMITS;
/** `label` names the setting as the Chat tab shows it: a piece of the message, translated too. */
const range = (label: 'temperature' | 'topP' | 'frequencyPenalty' | 'presencePenalty', min: number, max: number) => {
  const name = msg(`rules.chat.${label}`);
  return z.number({ error: zodMessage('rules.chat.number', { name }) })
    .min(min, zodMessage('rules.chat.range', { name, min, max })).max(max, zodMessage('rules.chat.range', { name, min, max }));
};

/** A function tool (spec 4.4); `parameters` is a JSON-schema object with type, properties, required. */
export const FunctionToolSpec = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, zodMessage('rules.chat.functionName')),
  description: z.string().max(2000),
  parameters: z.looseObject({
    type: z.literal('object', { error: zodMessage('rules.chat.schemaType') }),
    properties: z.record(z.string(), z.unknown(), { error: zodMessage('rules.chat.schemaProperties') }),
    required: z.array(z.string(), { error: zodMessage('rules.chat.schemaRequired') }).optional(),
  // Saved with its conversation, sent to the gateway and compiled to check the model's arguments:
  // plain JSON of a sensible size (shared/gateway/tool-schema-limits.ts; the host checks the rest).
  }).refine((v) => { const p = schemaStructureProblem(v); return !p || p.kind === 'bytes'; },
    zodMessage('rules.chat.schemaDepth', { depth: TOOL_SCHEMA_LIMITS.depth, nodes: TOOL_SCHEMA_LIMITS.nodes })),
});
export type FunctionToolSpec = z.infer<typeof FunctionToolSpec>;

export const ChatTools = z.object({
  webSearch: z.boolean(),
  fileSearch: z.boolean(),
  functions: z.array(FunctionToolSpec).max(32),
  /** Remote MCP (spec 4.4). The auth token is write-only: see `chat.setMcpToken`. */
  mcp: z.object({ enabled: z.boolean(), url: z.string().max(2000) }),
  /**
   * The studio's own MCP servers (Settings, `mcp.*`) whose tools this conversation offers, as
   * function tools the host runs after the creator's approval (docs/mcp.md).
   */
  mcpServers: z.array(z.string().min(1).max(100)).max(16).default([]),
});
export type ChatTools = z.infer<typeof ChatTools>;

/** Each conversation's own model, system prompt and parameters (spec 4.3 ranges). */
export const ChatSettings = z.object({
  /** Any chat model id: the spec's list is open-ended. */
  model: z.string().trim().min(1, zodMessage('rules.chat.chooseModel')).max(200),
  /**
   * The API the creator chose, and what is sent: `chat` (4.3), `responses` (4.4), `native` (4.5),
   * each for the models that API takes (catalog `apiTakes`). `auto` is what conversations held
   * before the choice was the creator's: chat completions, or the responses API when images or
   * tools are on (with `responsesModel` when the model is not one of its own). It keeps working
   * for them and is no longer offered.
   */
  api: z.enum(['chat', 'responses', 'native', 'auto']),
  /** Used by `auto` only, when images or tools need the responses API and `model` is not one of its models. */
  responsesModel: z.enum(RESPONSES_MODELS),
  systemPrompt: z.string().max(100_000),
  stream: z.boolean(),
  temperature: range('temperature', L.temperature.min, L.temperature.max).optional(),
  top_p: range('topP', L.top_p.min, L.top_p.max).optional(),
  max_tokens: z.number().int(zodMessage('rules.chat.maxTokensWhole')).min(1, zodMessage('rules.chat.maxTokensMin')).optional(),
  frequency_penalty: range('frequencyPenalty', L.frequency_penalty.min, L.frequency_penalty.max).optional(),
  presence_penalty: range('presencePenalty', L.presence_penalty.min, L.presence_penalty.max).optional(),
  stop: z.array(z.string().min(1).max(200)).max(L.stopSequences, zodMessage('rules.chat.stopSequences', { max: L.stopSequences })),
  n: z.number().int().min(L.n.min).max(L.n.max, zodMessage('rules.chat.alternatives', { max: L.n.max })),
  tools: ChatTools,
  /**
   * How many rounds of function calls one turn may take before the studio stops asking the model
   * to go on (each round: the model's calls, the creator's answers, the model's next reply).
   */
  toolRounds: z.number().int().min(1).max(50).default(8),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

/**
 * A settings change (`chat.update`): any subset of the settings, where `null` clears an optional
 * number back to the gateway's default (JSON has no way to send `undefined`). The parsed value
 * holds the key as `undefined`, so spreading it over the saved settings removes the number.
 */
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().transform((v) => v ?? undefined).optional();
export const ChatSettingsPatch = ChatSettings.partial().extend({
  temperature: clearable(ChatSettings.shape.temperature.unwrap()),
  top_p: clearable(ChatSettings.shape.top_p.unwrap()),
  max_tokens: clearable(ChatSettings.shape.max_tokens.unwrap()),
  frequency_penalty: clearable(ChatSettings.shape.frequency_penalty.unwrap()),
  presence_penalty: clearable(ChatSettings.shape.presence_penalty.unwrap()),
  // Without its default: a patch that does not name the limit leaves it as it is.
  toolRounds: ChatSettings.shape.toolRounds.unwrap().optional(),
});

/**
 * Where every new conversation starts (Settings → Chat defaults): the model, the API chosen for
 * it, and the parameters as a conversation's settings hold them. Tools are never among them: a
 * new conversation starts with every tool off, and the creator turns on what one needs.
 */
export const ChatDefaultsShape = ChatSettings.pick({
  model: true, systemPrompt: true, stream: true, temperature: true, top_p: true, max_tokens: true,
  frequency_penalty: true, presence_penalty: true, stop: true, n: true,
}).extend({ api: z.enum(['chat', 'responses', 'native']) });

/** The same, checked whole: the API must take the model (what Settings may save). */
export const ChatDefaults = ChatDefaultsShape.refine((d) => apiTakes(d.api, d.model), {
  path: ['api'],
  error: (issue) => zodMessage('rules.chat.apiModel', { model: String((issue.input as { model?: unknown })?.model ?? '') }),
});
export type ChatDefaults = z.infer<typeof ChatDefaults>;

export const DEFAULT_CHAT_DEFAULTS: ChatDefaults = {
  model: DEFAULT_CHAT_SETTINGS.model, api: 'chat', systemPrompt: '', stream: true, stop: [], n: 1,
};

/** A new conversation's settings from the defaults: every tool off, no remote MCP server. */
export function settingsFromDefaults(d: ChatDefaults): ChatSettings {
  return ChatSettings.parse({ ...DEFAULT_CHAT_SETTINGS, ...d, tools: DEFAULT_CHAT_SETTINGS.tools });
}

/** An image in a user turn: a file the host keeps (shown through `AppInfo.mediaBase`) or a public URL. */
export const ChatImage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), file: z.string(), name: z.string(), mime: z.string(), width: z.number().optional(), height: z.number().optional() }),
  z.object({ kind: z.literal('url'), url: z.string() }),
]);
export type ChatImage = z.infer<typeof ChatImage>;

export const SafetyRating = z.object({ category: z.string(), probability: z.string() });

export { MAX_TOOL_ARGUMENT_CHARS, TOOL_ARGUMENT_PREVIEW_CHARS, ToolAnswer, ToolCall } from './tool-calls.js';

export const ChatChoice = z.object({
  text: z.string(),
  /** The function calls of this choice, in the order the model made them. */
  toolCalls: z.array(ToolCall).optional(),
  /** Omitted while streaming; `stop` / `STOP` is a normal end. */
  finishReason: z.string().optional(),
  safetyRatings: z.array(SafetyRating).optional(),
});
export type ChatChoice = z.infer<typeof ChatChoice>;

export const ChatUsage = z.object({
  prompt: z.number(),
  completion: z.number(),
  total: z.number(),
  /** Native API, thinking models (spec 2.9). */
  thoughts: z.number().optional(),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

export const MESSAGE_STATUSES = ['streaming', 'complete', 'incomplete', 'stopped', 'failed'] as const;

const ChatTurn = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  createdAt: z.number(),
  /** User turns. */
  text: z.string().optional(),
  images: z.array(ChatImage).optional(),
  /** Order of text and images in the request (spec 4.4: text first is recommended). */
  imagesFirst: z.boolean().optional(),
  documents: z.array(ChatDocument).optional(),
  /** Assistant turns: one choice per alternative (`n`). */
  choices: z.array(ChatChoice).optional(),
  /** The alternative that continues the conversation. */
  selected: z.number().int().optional(),
  /** `incomplete`: the stream broke (partial text kept); `stopped`: the user pressed Stop. */
  status: z.enum(MESSAGE_STATUSES).optional(),
  error: ErrorData.optional(),
  usage: ChatUsage.optional(),
  api: z.enum(['chat', 'responses', 'native']).optional(),
  model: z.string().optional(),
  promptSafetyRatings: z.array(SafetyRating).optional(),
  /** A turn kept in several versions (regenerated, edited): which is shown, of how many; `together`: several models' replies side by side (docs/chat-versions.md). */
  versions: z.object({ shown: z.number().int().min(0), count: z.number().int().min(2), together: z.boolean().optional() }).optional(),
});

export const ChatMessageView = ChatTurn.extend({
  /** With `versions.together`: the other versions, in the order they were made (the shown one left out). */
  alongside: z.array(ChatTurn).max(3).optional(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

/**
 * The message `chat.onDidEnd` carries: the stored message, except that a choice's text over
 * END_TEXT_CHARS (host/chat/ended-message.ts) which this stream's deltas carried whole is
 * left out, and `streamed` gives its length. The listener joins the deltas it received and, if
 * their length differs (it started listening late), reads the message again (`chat.get`). A long
 * reply sent a second time held the page for a fifth of a second per megabyte
 * (docs/performance-findings.md, "Replies of any size").
 */
export const EndedMessage = ChatMessageView.extend({
  choices: z.array(ChatChoice.extend({ text: z.string().optional(), streamed: z.number().int().min(0).optional() })).optional(),
});
export type EndedMessage = z.infer<typeof EndedMessage>;

export const ChatSearchHit = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  snippet: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type ChatSearchHit = z.infer<typeof ChatSearchHit>;

export const ConversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  model: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  /**
   * The title is the host's placeholder ("New conversation", or "Image" for a first turn of images
   * only), not words of the conversation's or the creator's: the page shows its own translation.
   */
  untitled: z.enum(['conversation', 'image']).optional(),
  /** A search hit's surrounding text, when the query matched a message. */
  snippet: z.string().optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationView = ConversationSummary.extend({
  settings: ChatSettings,
  /**
   * The MCP token itself never crosses the contract (docs/house-rules.md, "Secrets are
   * write-only").
   */
  mcpTokenTail: z.string().optional(),
  messages: z.array(ChatMessageView),
});
export type ConversationView = z.infer<typeof ConversationView>;

/**
 * An image for a new user turn: an attachment (`attachments.add`), a public http(s) URL, or (edit
 * and resend) a `file` image this conversation already holds, passed back as its `file` path.
 */
export const ChatImageInput = z.union([
  z.object({ attachmentId: z.string().min(1) }),
  z.object({ url: z.url({ protocol: /^https?$/, error: zodMessage('rules.chat.imageLink') }) }),
  z.object({ file: z.string().min(1).max(200) }),
]);

const conversationId = z.string().min(1).max(100);
const messageId = z.string().min(1).max(100);

export const SendFields = z.object({
  conversationId,
  text: z.string().max(1_000_000),
  images: z.array(ChatImageInput).max(16).optional(),
  imagesFirst: z.boolean().optional(),
  documents: z.array(ChatDocumentInput).max(16).optional(),
  /** Edit and resend: a new version of this user turn; the old one is kept with the rest of its branch. */
  replaces: messageId.optional(),
});
/** A message says something: words, an image or a document. */
const says = (i: { text: string; images?: unknown[]; documents?: unknown[] }) => i.text.trim() !== '' || (i.images?.length ?? 0) > 0 || (i.documents?.length ?? 0) > 0;
export const SAYS_SOMETHING = [says, { message: zodMessage('rules.chat.messageOrImage'), path: ['text'] }] as [typeof says, { message: string; path: string[] }];
export const SendInput = SendFields.refine(...SAYS_SOMETHING);

/** A reply the host started; its deltas arrive as `chat.onDidStream` with this `streamId`. */
export const StreamStarted = z.object({
  streamId: z.string(),
  conversationId: z.string(),
  /** The user turn just stored (absent for regenerate and continue). */
  user: ChatMessageView.optional(),
  /** The assistant turn being written (status `streaming`). */
  reply: ChatMessageView,
});
export type StreamStarted = z.infer<typeof StreamStarted>;

export const chatMethods = {
  /** Newest first; `query` matches titles and message text. */
  'chat.list': { input: z.object({ query: z.string().max(500).optional() }), output: z.array(ConversationSummary) },
  /**
   * The messages that hold `query` (as plain text), newest first, each with a snippet and where the
   * query occurs in it ([start, end) offsets); `conversationId` keeps to one conversation
   * (docs/data.md, "The chat search index").
   */
  'chat.search': {
    input: z.object({ query: z.string().max(500), conversationId: conversationId.optional(), limit: z.number().int().min(1).max(1000).optional() }),
    output: z.array(ChatSearchHit),
  },
  'chat.create': { input: z.object({ title: z.string().max(200).optional(), settings: ChatSettings.partial().optional() }), output: ConversationView },
  /**
   * `last`: only the newest `last` messages (`messageCount` still counts them all). A long
   * conversation opens on those, and the page asks for the rest once they are drawn
   * (docs/performance-findings.md, "Where a long conversation's first open goes").
   */
  'chat.get': { input: z.object({ id: conversationId, last: z.number().int().min(1).max(1000).optional() }), output: ConversationView },
  'chat.update': {
    input: z.object({ id: conversationId, title: z.string().trim().min(1, zodMessage('rules.chat.title')).max(200).optional(), settings: ChatSettingsPatch.optional() }),
    output: ConversationView.omit({ messages: true }),
  },
  'chat.remove': { input: z.object({ id: conversationId }), output: z.object({}) },
  'chat.send': { input: SendInput, output: StreamStarted },
  /** Asks again for the turn before this assistant message: a new version of it, the old one kept with its branch (docs/chat-versions.md). */
  'chat.regenerate': { input: z.object({ conversationId, messageId }), output: StreamStarted },
  /** Continues an incomplete or stopped reply, appending to it. */
  'chat.continue': { input: z.object({ conversationId, messageId }), output: StreamStarted },
  'chat.stop': { input: z.object({ streamId: z.string().min(1) }), output: z.object({}) },
  'chat.selectChoice': { input: z.object({ conversationId, messageId, choice: z.number().int().min(0) }), output: z.object({}) },
  /** The conversation as Markdown; its own words (headings, notes) in `language`, the one shown (English by default). */
  'chat.exportMarkdown': { input: z.object({ id: conversationId, language: z.enum(LANGUAGES).optional(), branches: z.enum(['shown', 'all']).optional() }), output: z.object({ fileName: z.string(), markdown: z.string() }) },
  /**
   * Answers one function call of an assistant turn (its selected choice) with a result or a
   * refusal. When that was the turn's last unanswered call, the answers go to the model and its
   * next reply starts streaming (`started`); otherwise the answer is saved and the rest wait.
   */
  'chat.answerToolCall': {
    input: z.object({ conversationId, messageId, callId: z.string().min(1).max(200), answer: ToolAnswer }),
    output: z.object({ started: StreamStarted.optional() }),
  },
  /**
   * Runs an MCP call in the host after the creator's approval (`always`: this tool's later calls
   * run without asking). The result is the call's answer; when it was the turn's last unanswered
   * call, the next reply starts (`started`). Refused (with the reason kept as `runError`) when the
   * run times out, is stopped, or its result is too large.
   */
  'chat.runToolCall': {
    input: z.object({ conversationId, messageId, callId: z.string().min(1).max(200), always: z.boolean() }),
    output: z.object({ answer: ToolAnswer, started: StreamStarted.optional() }),
  },
  /**
   * The whole arguments of one function call, which the page was sent as a preview
   * (`argumentsChars`): "Show all" on the call's card.
   */
  'chat.toolCallArguments': {
    input: z.object({ conversationId, messageId, callId: z.string().min(1).max(200) }),
    output: z.object({ arguments: z.string() }),
  },
  /** The whole result a call was answered with, which the page was sent as a preview (`answerChars`). */
  'chat.toolCallResult': {
    input: z.object({ conversationId, messageId, callId: z.string().min(1).max(200) }),
    output: z.object({ text: z.string() }),
  },
  /** Stops the MCP calls running in a conversation (Stop while tools run). */
  'chat.stopTools': { input: z.object({ conversationId }), output: z.object({}) },
  /** Write-only, like the API key; `null` clears it. */
  'chat.setMcpToken': { input: z.object({ conversationId, token: z.string().trim().min(1).max(4096).nullable() }), output: z.object({ tokenTail: z.string().optional() }) },
} as const;

export const chatEvents = {
  /** Stream deltas, batched by the host (at most one event per ~30 ms per stream). */
  'chat.onDidStream': z.object({
    streamId: z.string(),
    conversationId: z.string(),
    messageId: z.string(),
    deltas: z.array(z.object({ choice: z.number().int(), text: z.string() })),
  }),
  /** Exactly one per stream: the stored message in its final state (EndedMessage). */
  'chat.onDidEnd': z.object({
    streamId: z.string(),
    conversationId: z.string(),
    outcome: z.enum(['done', 'error', 'aborted']),
    message: EndedMessage,
  }),
  /**
   * A reply the host started by itself: an always-allowed MCP call answered the turn's last call.
   * Replies the renderer asks for come back in their call's answer instead.
   */
  'chat.onDidStart': StreamStarted,
  /**
   * An MCP call started running, reported progress, or ended: with the answer kept on the call, or
   * why it gave none (`runError`), whoever started it (the Chat tab, or the host for an
   * always-allowed tool).
   */
  'chat.onToolRun': z.object({
    conversationId: z.string(),
    messageId: z.string(),
    callId: z.string(),
    state: z.enum(['running', 'ended']),
    progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional(),
    answer: ToolAnswer.optional(),
    runError: ErrorData.optional(),
  }),
  /** The sidebar's list changed (created, renamed, new messages, removed). */
  /** `summary`: the conversation as the sidebar lists it now (absent once removed), so the list follows without asking again. */
  'chat.onDidChange': z.object({ id: z.string(), reason: z.enum(['created', 'updated', 'removed']), summary: ConversationSummary.optional() }),
} as const;
