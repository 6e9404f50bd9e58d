/**
 * A conversation as a readable Markdown document: title, model, each turn under a role heading,
 * images as links, function calls with their answers (docs/gateway-rules.md, "Tool calls"), token
 * usage per turn and, when several turns were billed, for the whole conversation. Only what the
 * creator sees goes in: never a key or MCP token, and no tool settings (an MCP address may itself
 * carry credentials).
 *
 * The export's own words (headings, notes, usage) are in the studio's language, from the message
 * catalog (`chat.export`, docs/house-rules.md, "Languages"); the conversation's own text is copied
 * verbatim.
 */
import type { ChatImage, ChatMessageView, ChatUsage, ToolCall } from '@shared/contract/chat.js';
import type { StudioLanguage } from '@shared/languages.js';
import { msg, type Message, type Text } from '@shared/messages/index.js';
import { translateMessage } from '@shared/messages/translator.js';
import { UNTITLED, type Conversation } from './conversation-file.js';
import type { GatewayClient } from '../gateway/client.js';
import { hiddenBranches, type StoredMessage } from './versions.js';

/** Text in the export's language. */
type Say = (text: Text) => string;

const STATUS_NOTES: Partial<Record<NonNullable<ChatMessageView['status']>, Message>> = {
  incomplete: msg('chat.export.incomplete'),
  stopped: msg('chat.export.stopped'),
  failed: msg('chat.export.failed'),
  streaming: msg('chat.export.streaming'),
};

/** Link text cannot break out of its brackets, nor a link out of its parentheses. */
const linkText = (s: string) => s.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
const linkTarget = (s: string) => encodeURI(s).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function imageLine(image: ChatImage, say: Say): string {
  if (image.kind === 'url') return `![${linkText(say(msg('chat.export.image')))}](${linkTarget(image.url)})`;
  return `![${linkText(image.name)}](${linkTarget(image.file)})`;
}

function usageText(u: ChatUsage): Message {
  const counts = { prompt: u.prompt, completion: u.completion, total: u.total };
  return u.thoughts !== undefined ? msg('chat.export.usageThinking', { ...counts, thoughts: u.thoughts }) : msg('chat.export.usage', counts);
}

function usageLine(m: ChatMessageView, say: Say): string | undefined {
  return m.usage ? `_${say(msg('chat.export.tokens', { usage: usageText(m.usage) }))}_` : undefined;
}

/** The conversation's tokens: every billed turn, a function call's turn and its continuation alike. */
function totalLine(messages: ChatMessageView[], say: Say): string | undefined {
  const used = messages.flatMap((m) => (m.usage ? [m.usage] : []));
  if (used.length < 2) return undefined;
  const thoughts = used.some((u) => u.thoughts !== undefined);
  const sum = (k: 'prompt' | 'completion' | 'total' | 'thoughts') => used.reduce((n, u) => n + (u[k] ?? 0), 0);
  const total: ChatUsage = { prompt: sum('prompt'), completion: sum('completion'), total: sum('total'), ...(thoughts ? { thoughts: sum('thoughts') } : {}) };
  return `_${say(msg('chat.export.tokensTotal', { usage: usageText(total) }))}_`;
}

/** A fenced block no backtick run inside the text can close early. */
function fenced(text: string, lang = ''): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${lang}`, text, fence];
}

/** JSON arguments laid out for reading; text that is no JSON stays as the model wrote it. */
function prettyArguments(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

function callBlock(call: ToolCall, say: Say): string[] {
  const name = call.name.replace(/[*`\\[\]<]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ');
  const out = [`**${say(msg('chat.export.functionCall', { name }))}**`, '', ...fenced(prettyArguments(call.arguments), 'json'), ''];
  if (call.problems?.length) out.push(say(msg('chat.export.argumentProblems')), '', ...call.problems.map((p) => `- ${say(p).replace(/\s+/g, ' ')}`), '');
  if (call.answer?.kind === 'result') out.push(say(msg('chat.export.result')), '', ...fenced(call.answer.text), '');
  else out.push(`_${say(msg(call.answer ? 'chat.export.declined' : 'chat.export.notAnswered'))}_`, '');
  return out;
}

function assistantBlock(m: ChatMessageView, fallbackModel: string, say: Say): string[] {
  const choices = m.choices ?? [];
  const selected = m.selected ?? 0;
  const choice = choices[selected];
  const out = [`## ${say(msg('chat.export.assistant', { model: m.model ?? fallbackModel }))}`, ''];
  if (choices.length > 1) out.push(`_${say(msg('chat.export.alternative', { selected: selected + 1, choices: choices.length }))}_`, '');
  if (choice?.text) out.push(choice.text, '');
  for (const call of choice?.toolCalls ?? []) out.push(...callBlock(call, say));
  const status = m.status ? STATUS_NOTES[m.status] : undefined;
  const notes = [
    status && say(status),
    m.error && say(m.error.text ?? m.error.message),
    choice?.finishReason && !/^stop$/i.test(choice.finishReason) ? say(msg('chat.export.finishReason', { reason: choice.finishReason })) : undefined,
  ].filter(Boolean);
  if (notes.length) out.push(`> ${notes.join(' ')}`, '');
  const usage = usageLine(m, say);
  if (usage) out.push(usage, '');
  return out;
}

function userBlock(m: ChatMessageView, say: Say): string[] {
  const text = m.text?.trim() ? [m.text, ''] : [];
  const images = (m.images ?? []).length ? [(m.images ?? []).map((image) => imageLine(image, say)).join('\n'), ''] : [];
  // Documents as links to their text in the library folder (docs/chat-documents.md), never inline.
  const docs = (m.documents ?? []).map((d) => `- [${linkText(say(msg('documents.exported', { name: d.name, tokens: d.tokens.toLocaleString('en-US') })))}](${linkTarget(d.file)})`);
  return [`## ${say(msg('chat.export.you'))}`, '', ...(m.imagesFirst ? [...images, ...text] : [...text, ...images]), ...(docs.length ? [...docs, ''] : [])];
}

/** A turn, with which of its versions it is (docs/chat-versions.md). */
function turnBlock(m: ChatMessageView, model: string, say: Say): string[] {
  const block = m.role === 'user' ? userBlock(m, say) : assistantBlock(m, model, say);
  if (!m.versions) return block;
  const [heading, blank, ...rest] = block;
  return [heading, blank, `_${say(msg('chat.export.version', { shown: m.versions.shown + 1, total: m.versions.count }))}_`, '', ...rest];
}

/** The branches not shown, each under a heading naming its turn and version, their own hidden ones after them. */
function otherBranches(messages: StoredMessage[], model: string, say: Say, before = 0): string[] {
  const out: string[] = [];
  for (const { at, version, count, branch } of hiddenBranches(messages)) {
    out.push(`### ${say(msg('chat.export.otherVersion', { turn: before + at + 1, version: version + 1, total: count }))}`, '');
    for (const m of branch) out.push(...turnBlock({ ...m, versions: undefined }, model, say).map((l) => (l.startsWith('## ') ? `#${l}` : l)));
    out.push(...otherBranches(branch, model, say, before + at));
  }
  return out;
}

/**
 * The conversation as Markdown in `language` (the one the studio shows), masked with the key of
 * `client` (when a key is saved: one to mask).
 */
export function exportMarkdown(c: Conversation, now: number, client?: () => GatewayClient, language: StudioLanguage = 'en', branches: 'shown' | 'all' = 'shown'): { fileName: string; markdown: string } {
  const out = markdownOf(c, now, (text) => translateMessage(text, language), branches === 'all');
  let active: GatewayClient | undefined;
  try {
    active = client?.();
  } catch {
    // No key saved for the active profile: none to mask.
  }
  return active ? { ...out, markdown: active.mask.text(out.markdown) } : out;
}

/** The title: the creator's (or the one derived from their words) verbatim; the host's defaults in the export's language. */
function titleOf(c: Conversation, say: Say): string {
  if (c.titleSet) return c.title;
  if (c.title === UNTITLED) return say(msg('chat.export.newConversation'));
  return c.title === 'Image' ? say(msg('chat.export.imageTitle')) : c.title;
}

function markdownOf(c: Conversation, now: number, say: Say, all: boolean): { fileName: string; markdown: string } {
  const title = titleOf(c, say);
  // A fixed, unambiguous stamp (UTC, year first) reads the same in every language.
  const when = new Date(now).toISOString().slice(0, 16).replace('T', ' ');
  const lines = [`# ${title.replace(/\s+/g, ' ')}`, '', say(msg('chat.export.header', { model: c.settings.model, when })), ''];
  if (c.settings.systemPrompt.trim()) lines.push(`## ${say(msg('chat.export.systemPrompt'))}`, '', ...c.settings.systemPrompt.trim().split('\n').map((l) => `> ${l}`), '');
  for (const m of c.messages) lines.push(...turnBlock(m, c.settings.model, say));
  const total = totalLine(c.messages, say);
  if (total) lines.push(total, '');
  const others = all ? otherBranches(c.messages, c.settings.model, say) : [];
  if (others.length) lines.push(`## ${say(msg('chat.export.otherVersions'))}`, '', ...others);
  return { fileName: safeFileName(title, say(msg('chat.export.untitled'))), markdown: `${lines.join('\n').trimEnd()}\n` };
}

/** A name every file system takes: no separators, reserved characters or device names; `untitled` when none is left. */
export function safeFileName(title: string, untitled = 'Conversation'): string {
  let stem = title.normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').replace(/^[. ]+/, '').replace(/[. ]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(stem)) stem = `${stem} chat`;
  stem = [...stem].slice(0, 80).join('').trim();
  // `untitled` is the catalog's own word, a safe name in every language.
  return `${stem || untitled}.md`;
}
