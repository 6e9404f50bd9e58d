/**
 * Spec 4.4: the responses API, with text and image input and optional tools. Function tools,
 * the follow-up turn of a tool loop and the hosted tools follow sandbox/README.md ("Tool use").
 */
import type { Tool } from '@shared/gateway/index.js';
import { readJson } from '../core/http.js';
import { loadReference } from '../core/references.js';
import type { Route } from '../core/context.js';
import { answerCompletion, messageTokens } from '../text/completion.js';
import { composeReply, type ReplyRequest } from '../text/reply.js';
import { applyLimits, countTokens, IMAGE_PROMPT_TOKENS } from '../text/tokens.js';
import { itemTexts, readToolLoopRequest, turnTexts } from '../text/tool-input.js';
import { planTools, type ToolPlan } from '../text/tool-plan.js';
import { useRemoteMcp, webSearchLines } from '../text/hosted-tools.js';
import { answerToolCallsChat, askCalls } from '../text/tool-calls-chat.js';
import { answerResponsesShape } from '../text/responses-shape.js';
import { fileSearchLines } from '../text/account-files.js';

/** A quoted tool output is cut here: enough to check, not a whole document echoed back. */
const OUTPUT_CHARS = 2000;

function toolName(t: Tool): string {
  switch (t.type) {
    case 'function': return `function ${t.function.name}`;
    case 'remote_mcp': return `remote MCP at ${new URL(t.remote_mcp.url).host}`;
    default: return t.type;
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What the hosted tools found, one line each (only the tools the plan uses are run). */
async function hostedLines(plan: ToolPlan): Promise<string[]> {
  const lines = plan.fileSearch ? fileSearchLines(plan.lastUserText) : [];
  if (plan.webSearch) lines.push(...webSearchLines(plan.lastUserText));
  for (const tool of plan.mcp) lines.push(...(await useRemoteMcp(tool, plan.lastUserText)));
  return lines;
}

export const responsesRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1\/responses$/,
  auth: true,
  async handler(s, call) {
    const { request: r, turns } = readToolLoopRequest(await readJson(call.req, s.maxBodyBytes));
    const images: string[] = [];
    if (typeof r.input !== 'string') {
      for (const [i, item] of r.input.entries()) {
        // Tool-loop items were held out as text placeholders (tool-input.ts): only messages remain.
        if (!('content' in item) || typeof item.content === 'string') continue;
        for (const [j, p] of item.content.entries()) if (p.type === 'input_image') images.push((await loadReference(s, `input.${i}.content.${j}.image_url`, p.image_url)).label);
      }
    }
    const tools = r.tools ?? [];
    // Tool definitions and images are billed as extra prompt tokens (spec §1).
    const promptTokens = messageTokens(turns.flatMap(turnTexts)) + images.length * IMAGE_PROMPT_TOKENS + (r.tools ? countTokens(JSON.stringify(r.tools)) : 0);
    const plan = planTools(turns, tools);
    const stream = r.stream ?? false;

    if (plan.calls.length) {
      const calls = askCalls(plan.calls);
      if (s.toolShape === 'responses') await answerResponsesShape(s, call, { model: r.model, promptTokens, calls, stream });
      else await answerToolCallsChat(s, call, { object: 'response', idPrefix: 'resp', model: r.model, promptTokens, calls, stream });
      return;
    }

    // A key without tokens gets its 402 before any MCP server is called on its behalf.
    s.accounts.requireTokens(call.account, promptTokens);
    const hosted = await hostedLines(plan);
    // What the hosted tools found is read by the model: prompt tokens (spec §1, tool calls consume extra tokens).
    const hostedTokens = hosted.length ? countTokens(hosted.join('\n')) : 0;
    const quoted = plan.outputs.map((o) => `The tool ${o.name} returned: ${clip(o.output, OUTPUT_CHARS)}`);
    const system = turns.find((t) => t.kind === 'message' && t.item.role === 'system');
    const reply: Omit<ReplyRequest, 'choice'> = {
      api: 'responses',
      model: r.model,
      prompt: plan.lastUserText,
      turns: typeof r.input === 'string' ? 1 : r.input.length,
      system: system?.kind === 'message' ? itemTexts(system.item).join(' ') : undefined,
      images,
      tools: tools.map(toolName),
      toolLines: [...quoted, ...hosted],
    };
    if (s.toolShape === 'responses') {
      const text = applyLimits(composeReply({ ...reply, choice: 0 }), { maxTokens: r.max_tokens });
      await answerResponsesShape(s, call, { model: r.model, promptTokens: promptTokens + hostedTokens, text, calls: [], stream });
      return;
    }
    await answerCompletion(s, call, {
      object: 'response',
      idPrefix: 'resp',
      reply,
      promptTokens: promptTokens + hostedTokens,
      n: 1,
      stream,
      maxTokens: r.max_tokens,
    });
  },
}];
