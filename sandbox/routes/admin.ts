/**
 * Sandbox-only admin routes under /_sandbox/ (README documents them): faults on demand, link
 * expiry, balances and stream pacing. They exist for the studio's tests and never in the spec.
 */
import { z } from 'zod';
import { check } from '../../shared/gateway/index.js';
import { invalid, readBody, sendJson } from '../core/http.js';
import type { Call, Route, SandboxState } from '../core/context.js';

const Fail = z.strictObject({
  status: z.number().int().min(400).max(599),
  count: z.number().int().min(1).optional(),
  retry_after: z.number().int().min(0).optional(),
  match: z.string().optional(),
  message: z.string().optional(),
  format: z.enum(['json', 'envelope', 'text', 'html']).optional(),
});
const Latency = z.strictObject({ ms: z.number().min(0), count: z.number().int().min(1).optional(), match: z.string().optional() });
const StreamFault = z.strictObject({ mode: z.enum(['cut', 'stall', 'no-terminator']).optional(), after_chunks: z.number().int().min(0).optional(), count: z.number().int().min(1).optional() });
const DownloadCut = z.strictObject({ after_bytes: z.number().int().min(0).optional(), count: z.number().int().min(1).optional() });
const TaskFault = z.strictObject({ message: z.string().min(1).optional() });
const Balances = z.strictObject({
  token_balance: z.number().min(0).optional(),
  token_used: z.number().min(0).optional(),
  balance: z.number().min(0).optional(),
  credit_balance: z.number().min(0).optional(),
  total_used: z.number().min(0).optional(),
});
const Pace = z.strictObject({ ms: z.number().min(0) });

async function body<T>(s: SandboxState, call: Call, schema: z.ZodType<T>): Promise<T> {
  const raw = (await readBody(call.req, 64 * 1024)).toString('utf8');
  const checked = check(schema, raw.trim() ? JSON.parse(raw) : {});
  if (!checked.ok) throw invalid(checked.problems);
  return checked.value;
}

const ok = (call: Call, extra: Record<string, unknown> = {}) => sendJson(call.res, 200, { ok: true, ...extra });

const post = (path: string, handler: (s: SandboxState, call: Call) => Promise<void> | void): Route =>
  ({ method: 'POST', pattern: new RegExp(`^/_sandbox/${path}$`), auth: false, handler });

export const ADMIN_HELP = {
  'POST /_sandbox/faults/fail': '{ status, count?=1, retry_after?, match?, message?, format?: json|envelope|text|html } fail the next calls',
  'POST /_sandbox/faults/latency': '{ ms, count?=all, match? } delay calls',
  'POST /_sandbox/faults/stream': '{ mode?: cut|stall|no-terminator, after_chunks?=5, count?=1 } break the next streams',
  'POST /_sandbox/faults/download': '{ after_bytes?=65536, count?=1 } cut the next file downloads',
  'POST /_sandbox/faults/task': '{ message? } make the next submitted task fail',
  'POST /_sandbox/faults/reset': 'clear every pending fault',
  'POST /_sandbox/links/expire': 'expire every generated link now',
  'POST /_sandbox/keys/<key>/balances': '{ token_balance?, token_used?, balance?, credit_balance?, total_used? } set (or create) a key',
  'POST /_sandbox/pace': '{ ms } simulated milliseconds between streamed chunks (0: unpaced)',
};

export const adminRoutes: Route[] = [
  { method: 'GET', pattern: /^\/_sandbox\/?$/, auth: false, handler: (_s, call) => sendJson(call.res, 200, { routes: ADMIN_HELP }) },
  post('faults/fail', async (s, c) => { s.faults.addFail(await body(s, c, Fail)); ok(c); }),
  post('faults/latency', async (s, c) => { s.faults.addLatency(await body(s, c, Latency)); ok(c); }),
  post('faults/stream', async (s, c) => { s.faults.addStreamFault(await body(s, c, StreamFault)); ok(c); }),
  post('faults/download', async (s, c) => { s.faults.addDownloadCut(await body(s, c, DownloadCut)); ok(c); }),
  post('faults/task', async (s, c) => {
    s.faults.addTaskFailure((await body(s, c, TaskFault)).message ?? 'The model could not complete this job (sandbox fault)');
    ok(c);
  }),
  post('faults/reset', (s, c) => { s.faults.reset(); ok(c); }),
  post('links/expire', (s, c) => ok(c, { expired: s.files.expireAll() })),
  post('keys/([^/]+)/balances', async (s, c) => {
    const acct = s.accounts.set(decodeURIComponent(c.params[0]), await body(s, c, Balances));
    ok(c, { token: s.accounts.tokenView(acct), cash: s.accounts.cashView(acct) });
  }),
  post('pace', async (s, c) => { s.streamPaceMs = (await body(s, c, Pace)).ms; ok(c); }),
];

export const fileRoutes: Route[] = [{
  method: 'GET',
  pattern: /^\/files\/([a-f0-9]+)\/[^/]+$/,
  auth: false,
  handler: (s, call) => s.files.serve(call.req, call.res, call.params[0], s.faults.nextDownloadCut()),
}];
