/**
 * A conversation as a readable Markdown document: title, model, each turn under a role heading,
 * images as links, function calls with their answers (docs/gateway-rules.md, "Tool calls"), token
 * usage per turn and, when several turns were billed, for the whole conversation. Only what the creator sees goes in: never a key or MCP token,
 * and no tool settings (an MCP address may itself carry credentials).
 */
import type { ChatImage, ChatMessageView, ChatUsage, ToolCall } from '@shared/contract/chat.js';
import type { Conversation } from './conversation-file.js';
import type { GatewayClient } from '../gateway/client.js';

const STATUS_NOTES: Partial<Record<NonNullable<ChatMessageView['status']>, string>> = {
  incomplete: 'This reply is incomplete.',
  stopped: 'This reply was stopped before it finished.',
  failed: 'No reply: the request failed.',
  streaming: 'This reply was still being written when the conversation was exported.',
};

/** Link text cannot break out of its brackets, nor a link out of its parentheses. */
const linkText = (s: string) => s.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
const linkTarget = (s: string) => encodeURI(s).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function imageLine(image: ChatImage): string {
  if (image.kind === 'url') return `![image](${linkTarget(image.url)})`;
  return `![${linkText(image.name)}](${linkTarget(image.file)})`;
}

function usageText(u: ChatUsage): string {
  const thoughts = u.thoughts !== undefined ? ` · thinking ${u.thoughts}` : '';
  return `prompt ${u.prompt} · reply ${u.completion}${thoughts} · total ${u.total}`;
}

function usageLine(m: ChatMessageView): string | undefined {
  return m.usage ? `_Tokens: ${usageText(m.usage)}_` : undefined;
}

/** The conversation's tokens: every billed turn, a function call's turn and its continuation alike. */
function totalLine(messages: ChatMessageView[]): string | undefined {
  const used = messages.flatMap((m) => (m.usage ? [m.usage] : []));
  if (used.length < 2) return undefined;
  const thoughts = used.some((u) => u.thoughts !== undefined);
  const sum = (k: 'prompt' | 'completion' | 'total' | 'thoughts') => used.reduce((n, u) => n + (u[k] ?? 0), 0);
  const total: ChatUsage = { prompt: sum('prompt'), completion: sum('completion'), total: sum('total'), ...(thoughts ? { thoughts: sum('thoughts') } : {}) };
  return `_Tokens in this conversation: ${usageText(total)}_`;
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

function callBlock(call: ToolCall): string[] {
  const out = [`**Function call: ${call.name.replace(/[*`\\[\]<]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ')}**`, '', ...fenced(prettyArguments(call.arguments), 'json'), ''];
  if (call.problems?.length) out.push('Problems with the arguments:', '', ...call.problems.map((p) => `- ${p.message.replace(/\s+/g, ' ')}`), '');
  if (call.answer?.kind === 'result') out.push('Result:', '', ...fenced(call.answer.text), '');
  else out.push(call.answer ? '_Declined._' : '_Not answered._', '');
  return out;
}

function assistantBlock(m: ChatMessageView, fallbackModel: string): string[] {
  const choices = m.choices ?? [];
  const selected = m.selected ?? 0;
  const choice = choices[selected];
  const heading = `## Assistant (${m.model ?? fallbackModel})`;
  const out = [heading, ''];
  if (choices.length > 1) out.push(`_Alternative ${selected + 1} of ${choices.length}_`, '');
  if (choice?.text) out.push(choice.text, '');
  for (const call of choice?.toolCalls ?? []) out.push(...callBlock(call));
  const notes = [
    m.status ? STATUS_NOTES[m.status] : undefined,
    m.error?.message,
    choice?.finishReason && !/^stop$/i.test(choice.finishReason) ? `Finish reason: ${choice.finishReason}.` : undefined,
  ].filter(Boolean);
  if (notes.length) out.push(`> ${notes.join(' ')}`, '');
  const usage = usageLine(m);
  if (usage) out.push(usage, '');
  return out;
}

function userBlock(m: ChatMessageView): string[] {
  const text = m.text?.trim() ? [m.text, ''] : [];
  const images = (m.images ?? []).length ? [(m.images ?? []).map(imageLine).join('\n'), ''] : [];
  return ['## You', '', ...(m.imagesFirst ? [...images, ...text] : [...text, ...images])];
}

/** The conversation as Markdown, masked with the key of `client` (when a key is saved: one to mask). */
export function exportMarkdown(c: Conversation, now: number, client?: () => GatewayClient): { fileName: string; markdown: string } {
  const out = markdownOf(c, now);
  let active: GatewayClient | undefined;
  try {
    active = client?.();
  } catch {
    // No key saved for the active profile: none to mask.
  }
  return active ? { ...out, markdown: active.mask.text(out.markdown) } : out;
}

function markdownOf(c: Conversation, now: number): { fileName: string; markdown: string } {
  const lines = [`# ${c.title.replace(/\s+/g, ' ')}`, '', `Model: ${c.settings.model} · Exported ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')} UTC`, ''];
  if (c.settings.systemPrompt.trim()) lines.push('## System prompt', '', ...c.settings.systemPrompt.trim().split('\n').map((l) => `> ${l}`), '');
  for (const m of c.messages) lines.push(...(m.role === 'user' ? userBlock(m) : assistantBlock(m, c.settings.model)));
  const total = totalLine(c.messages);
  if (total) lines.push(total, '');
  return { fileName: safeFileName(c.title), markdown: `${lines.join('\n').trimEnd()}\n` };
}

/** A name every file system takes: no separators, reserved characters or device names. */
export function safeFileName(title: string): string {
  let stem = title.normalize('NFC').replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').replace(/^[. ]+/, '').replace(/[. ]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(stem)) stem = `${stem} chat`;
  stem = [...stem].slice(0, 80).join('').trim();
  return `${stem || 'Conversation'}.md`;
}
