/** Spec 4.3: chat completions (any model id: the list is open-ended). */
import { ChatRequest, check } from '@shared/gateway/index.js';
import { invalid, readJson } from '../core/http.js';
import { TextLimits } from '../spec/requests.js';
import type { Route } from '../core/context.js';
import { answerCompletion, messageTokens } from '../text/completion.js';

export const chatRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1\/chat\/completions$/,
  auth: true,
  async handler(s, call) {
    const body = await readJson(call.req, s.maxBodyBytes);
    // §8's limits as the sandbox reads them (spec/tables.ts), before the request's shape.
    const limits = check(TextLimits, body);
    if (!limits.ok) throw invalid(limits.problems);
    const checked = check(ChatRequest, body);
    if (!checked.ok) throw invalid(checked.problems);
    const r = checked.value;
    const users = r.messages.filter((m) => m.role === 'user');
    // Ending with the assistant's partial turn asks to carry it on (the reply is the one that turn
    // was cut from, so it counts the turns that one saw).
    const last = r.messages.at(-1);
    const continues = last?.role === 'assistant' ? last.content : undefined;
    await answerCompletion(s, call, {
      object: 'chat.completion',
      idPrefix: 'chatcmpl',
      reply: {
        api: 'chat completions',
        model: r.model,
        prompt: users.at(-1)?.content ?? '',
        turns: r.messages.length - (continues === undefined ? 0 : 1),
        continues,
        system: r.messages.find((m) => m.role === 'system')?.content,
        images: [],
        tools: [],
      },
      promptTokens: messageTokens(r.messages.map((m) => m.content)),
      n: r.n ?? 1,
      stream: r.stream ?? false,
      stop: r.stop,
      maxTokens: r.max_tokens,
    });
  },
}];
