/**
 * Which tools the sandbox "model" uses on a responses request: a deterministic rule, so a test
 * knows what it will get (sandbox/README.md, "Tool use", states it for creators and tests):
 *
 * - A function tool is called when the last user turn names it (its exact name, not inside a
 *   longer identifier) and no call to it after that turn has been answered yet. Several named
 *   tools are called in one turn, in the order they are named.
 * - A function named `<server>__<tool>` (how the studio offers its MCP servers' tools, a name the
 *   creator never sees) is also asked for by the words of its tool part: every word of
 *   `read_note` (`read`, `note`; a plural `s` either way) in the last user turn, any case.
 * - Outputs sent after the last user turn are quoted in the text answer, once no call is due.
 * - `file_search` is used when offered and the last user turn says `file_search`, `file(s)` or
 *   `document(s)`; it searches the account's files (account-files.ts), never the web.
 * - `web_search` is used when offered and the last user turn says `web_search`, `web`, `online` or
 *   `search`, though a bare `search` that file_search took is not also sent to the web;
 *   `remote_mcp` when offered and it says `remote_mcp` or `mcp` (any case). Hosted tools are used
 *   in a text answer only: a turn that asks for function calls answers with the calls alone.
 */
import type { Tool } from '@shared/gateway/index.js';
import { itemTexts, type Turn } from './tool-input.js';
import { sampleArguments } from './schema-sample.js';
import { bigArgsDirective, bigArguments } from './big-replies.js';

export type RemoteMcpTool = Extract<Tool, { type: 'remote_mcp' }>;

export interface PlannedCall {
  name: string;
  /** JSON text, valid against the tool's parameters (schema-sample.ts). */
  arguments: string;
}

export interface ToolPlan {
  lastUserText: string;
  /** Function calls to ask for now; empty: answer with text. */
  calls: PlannedCall[];
  /** Outputs that arrived after the last user turn, in input order, with the called tool's name. */
  outputs: { name: string; output: string }[];
  webSearch: boolean;
  fileSearch: boolean;
  mcp: RemoteMcpTool[];
}

const NAME_CHAR = 'A-Za-z0-9_-';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `name` first appears in `text` as a whole name (not part of a longer one), or -1. */
export function namedAt(text: string, name: string, flags = ''): number {
  const m = new RegExp(`(?<![${NAME_CHAR}])${escapeRegExp(name)}(?![${NAME_CHAR}])`, flags).exec(text);
  return m ? m.index : -1;
}

const says = (text: string, words: string[]) => words.some((w) => namedAt(text, w, 'i') >= 0);

/** The words of a tool's name: `read_note`, `readNote` and `read-note` are all `read`, `note`. */
const nameWords = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && !/^\d+$/.test(w));

/**
 * Where the last user turn asks for the function `name`, or -1: its exact name; for a
 * `<server>__<tool>` name, also every word of the tool part, at the first of them.
 */
export function askedAt(text: string, name: string): number {
  const exact = namedAt(text, name);
  if (exact >= 0) return exact;
  const sep = name.indexOf('__');
  const words = sep > 0 ? nameWords(name.slice(sep + 2)) : [];
  if (!words.length) return -1;
  const said = [...text.toLowerCase().matchAll(/[a-z0-9]+/g)];
  let first = Infinity;
  for (const w of words) {
    const hit = said.find((m) => m[0] === w || m[0] === `${w}s` || `${m[0]}s` === w);
    if (!hit) return -1;
    first = Math.min(first, hit.index);
  }
  return first;
}

export function planTools(turns: Turn[], tools: Tool[]): ToolPlan {
  const last = turns.findLastIndex((t) => t.kind === 'message' && t.item.role === 'user');
  const lastTurn = turns[last];
  const lastUserText = lastTurn?.kind === 'message' ? itemTexts(lastTurn.item).join('\n') : '';
  const since = turns.slice(last + 1);
  const names = new Map(turns.flatMap((t) => (t.kind === 'call' ? [[t.callId, t.name] as const] : [])));
  const answeredIds = new Set(since.flatMap((t) => (t.kind === 'output' ? [t.callId] : [])));
  const answered = new Set(since.flatMap((t) => (t.kind === 'call' && answeredIds.has(t.callId) ? [t.name] : [])));

  const functions = new Map<string, unknown>();
  for (const t of tools) if (t.type === 'function' && !functions.has(t.function.name)) functions.set(t.function.name, t.function.parameters);
  const calls = [...functions]
    .map(([name, parameters]) => ({ name, parameters, at: askedAt(lastUserText, name) }))
    .filter((f) => f.at >= 0 && !answered.has(f.name))
    .sort((a, b) => a.at - b.at)
    .map((f) => ({ name: f.name, arguments: sampleArguments(f.parameters) }));
  const big = bigArgsDirective(lastUserText);
  if (big !== undefined) for (const c of calls) c.arguments = bigArguments(c.arguments, big);

  const outputs = since.flatMap((t) => (t.kind === 'output' ? [{ name: names.get(t.callId) ?? 'unknown', output: t.output }] : []));
  const textTurn = calls.length === 0;
  const offered = (type: Tool['type']) => textTurn && tools.some((t) => t.type === type);
  const fileSearch = offered('file_search') && says(lastUserText, ['file_search', 'file', 'files', 'document', 'documents']);
  return {
    lastUserText,
    calls,
    outputs,
    webSearch: offered('web_search') && (says(lastUserText, ['web_search', 'web', 'online']) || (!fileSearch && says(lastUserText, ['search']))),
    fileSearch,
    mcp: textTurn && says(lastUserText, ['remote_mcp', 'mcp']) ? tools.filter((t): t is RemoteMcpTool => t.type === 'remote_mcp') : [],
  };
}
