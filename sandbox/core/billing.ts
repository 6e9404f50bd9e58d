/**
 * How a call is billed (docs/sandbox.md, "Billing"): its price from the private list (prices.ts),
 * taken in cash and written to the key's spend record; text is also counted in tokens, as the
 * token balance (spec 4.1) always was. A call the cash cannot cover gets a 402 and takes nothing.
 */
import type { Bill, SpendRow } from './accounts.js';
import type { TaskRecord } from './tasks.js';
import type { Call, SandboxState } from './context.js';
import { textCost } from './prices.js';

export const routeOf = (call: Call) => `${call.req.method ?? 'POST'} ${call.url.pathname}`;

export interface TextTokens { prompt: number; completion: number; thinking?: number }

/** A text call: cash at the model's token prices, and the tokens in the token balance. */
export function chargeText(s: SandboxState, call: Call, model: string, t: TextTokens): SpendRow {
  const tokens = { prompt: t.prompt, completion: t.completion, thinking: t.thinking ?? 0 };
  const amount = textCost(model, tokens);
  s.accounts.requireCash(call.account, amount);
  s.accounts.chargeTokens(call.account, tokens.prompt + tokens.completion + tokens.thinking);
  return s.accounts.charge(call.account, {
    route: routeOf(call), model, amount,
    units: { prompt_tokens: tokens.prompt, completion_tokens: tokens.completion, thinking_tokens: tokens.thinking },
  });
}

/** A media call (images, video, speech): cash only. */
export const chargeMedia = (s: SandboxState, call: Call, bill: Omit<Bill, 'route'>): SpendRow =>
  s.accounts.charge(call.account, { ...bill, route: routeOf(call) });

/** A job's charge as its task remembers it: what a refund returns when the charge's row is gone. */
export function taskBill(t: TaskRecord): Bill & { task_id: string } {
  const route = t.kind === 'image' ? 'POST /v1/images/generations' : t.route === 'multipart' ? 'POST /v1/videos' : 'POST /v1/videos/generations';
  const units: Bill['units'] = t.kind === 'image'
    ? { images: Number(t.params.count), resolution: String(t.params.resolution) }
    : { seconds: Number(t.params.seconds), size: String(t.params.sizeClass ?? '720p') };
  return { route, model: t.model, units, amount: t.costUnits ?? 0, task_id: t.id };
}
