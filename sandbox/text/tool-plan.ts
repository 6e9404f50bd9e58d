/**
 * Which tools the sandbox "model" uses on a responses request: a deterministic rule, so a test
 * knows what it will get (sandbox/README.md, "Tool use", states it for creators and tests):
 *
 * - A function tool is called when the last user turn names it (its exact name, not inside a
 *   longer identifier) and no call to it after that turn has been answered yet. Several named
 *   tools are called in one turn, in the order they are named.
 * - Outputs sent after the last user turn are quoted in the text answer, once no call is due.
 * - `web_search` is used when offered and the last user turn says `web_search` or `search`;
 *   `remote_mcp` when offered and it says `remote_mcp` or `mcp` (any case). Hosted tools are used
 *   in a text answer only: a turn that asks for function calls answers with the calls alone.
 */
import type { Tool } from '@shared/gateway/index.js';
import { itemTexts, type Turn } from './tool-input.js';
import { sampleArguments } from './schema-sample.js';

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
    .map(([name, parameters]) => ({ name, parameters, at: namedAt(lastUserText, name) }))
    .filter((f) => f.at >= 0 && !answered.has(f.name))
    .sort((a, b) => a.at - b.at)
    .map((f) => ({ name: f.name, arguments: sampleArguments(f.parameters) }));

  const outputs = since.flatMap((t) => (t.kind === 'output' ? [{ name: names.get(t.callId) ?? 'unknown', output: t.output }] : []));
  const textTurn = calls.length === 0;
  return {
    lastUserText,
    calls,
    outputs,
    webSearch: textTurn && tools.some((t) => t.type === 'web_search') && says(lastUserText, ['web_search', 'search']),
    mcp: textTurn && says(lastUserText, ['remote_mcp', 'mcp']) ? tools.filter((t): t is RemoteMcpTool => t.type === 'remote_mcp') : [],
  };
}
