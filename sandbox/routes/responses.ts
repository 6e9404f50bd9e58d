/** Spec 4.4: the responses API, with text and image input and optional tools. */
import { check, ResponsesRequest, type InputItem, type Tool } from '@shared/gateway/index.js';
import { invalid, readJson } from '../core/http.js';
import { loadReference } from '../core/references.js';
import type { Route } from '../core/context.js';
import { answerCompletion, messageTokens } from '../text/completion.js';
import { countTokens, IMAGE_PROMPT_TOKENS } from '../text/tokens.js';

function toolName(t: Tool): string {
  switch (t.type) {
    case 'function': return `function ${t.function.name}`;
    case 'remote_mcp': return `remote MCP at ${new URL(t.remote_mcp.url).host}`;
    default: return t.type;
  }
}

const itemTexts = (item: InputItem) =>
  typeof item.content === 'string' ? [item.content] : item.content.flatMap((p) => (p.type === 'input_text' ? [p.text] : []));

export const responsesRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1\/responses$/,
  auth: true,
  async handler(s, call) {
    const checked = check(ResponsesRequest, await readJson(call.req, s.maxBodyBytes));
    if (!checked.ok) throw invalid(checked.problems);
    const r = checked.value;
    const items: InputItem[] = typeof r.input === 'string' ? [{ role: 'user', content: r.input }] : r.input;
    const images: string[] = [];
    for (const [i, item] of items.entries()) {
      if (typeof item.content === 'string') continue;
      for (const [j, p] of item.content.entries()) if (p.type === 'input_image') images.push((await loadReference(s, `input.${i}.content.${j}.image_url`, p.image_url)).label);
    }
    const tools = (r.tools ?? []).map(toolName);
    const lastUser = [...items].reverse().find((it) => it.role === 'user');
    await answerCompletion(s, call, {
      object: 'response',
      idPrefix: 'resp',
      reply: {
        api: 'responses',
        model: r.model,
        prompt: lastUser ? itemTexts(lastUser).join('\n') : '',
        turns: items.length,
        system: items.find((it) => it.role === 'system') ? itemTexts(items.find((it) => it.role === 'system')!).join(' ') : undefined,
        images,
        tools,
      },
      // Tool definitions and images are billed as extra prompt tokens (spec §1).
      promptTokens: messageTokens(items.flatMap(itemTexts)) + images.length * IMAGE_PROMPT_TOKENS + (r.tools ? countTokens(JSON.stringify(r.tools)) : 0),
      n: 1,
      stream: r.stream ?? false,
      maxTokens: r.max_tokens,
    });
  },
}];
