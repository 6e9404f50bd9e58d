/**
 * Sandbox-only admin routes under /_sandbox/ (sandbox/README.md documents them): faults on demand, link
 * expiry, balances, stream pacing and the shape of tool-call answers. They exist for the studio's
 * tests and never in the spec.
 */
import { z } from 'zod';
import { check } from '@shared/gateway/index.js';
import { GatewayError, invalid, readBody, sendJson } from '../core/http.js';
import { priceList } from '../core/prices.js';
import { trackOpen } from '../core/fault-bodies.js';
import type { Call, Route, SandboxState } from '../core/context.js';
import { ADMIN_TASKS_HELP, adminTaskRoutes } from './admin-tasks.js';

const Fail = z.strictObject({
  status: z.number().int().min(400).max(599),
  count: z.number().int().min(1).optional(),
  retry_after: z.number().int().min(0).optional(),
  match: z.string().optional(),
  message: z.string().optional(),
  format: z.enum(['json', 'envelope', 'text', 'html']).optional(),
});
const Hold = z.strictObject({ count: z.number().int().min(1).optional(), match: z.string().optional() });
const Latency = z.strictObject({ ms: z.number().min(0), count: z.number().int().min(1).optional(), match: z.string().optional() });
const StreamFault = z.strictObject({ mode: z.enum(['cut', 'stall', 'no-terminator']).optional(), after_chunks: z.number().int().min(0).optional(), count: z.number().int().min(1).optional() });
const DownloadFault = z.strictObject({
  mode: z.enum(['cut', 'stall', 'endless', 'slow', 'gzip-bomb', 'replace']).optional(),
  after_bytes: z.number().int().min(0).optional(),
  bytes_per_second: z.number().int().min(1).optional(),
  kind: z.enum(['truncated', 'wrong-magic', 'huge-dimensions']).optional(),
  count: z.number().int().min(1).optional(),
});
const AnswerFault = z.strictObject({
  kind: z.enum(['huge-json', 'gzip-bomb-json']),
  // Up to 16 GiB: enough to overrun any client's limit; the body is streamed or repeated, never held.
  bytes: z.number().int().min(64).max(16 * 1024 ** 3).optional(),
  match: z.string().optional(),
  count: z.number().int().min(1).optional(),
});
const MediaFault = z.strictObject({ mode: z.enum(['hang', 'crash']), count: z.number().int().min(1).optional() });
const TaskFault = z.strictObject({ message: z.string().min(1).optional() });
const BilledFailure = z.strictObject({ message: z.string().min(1).optional(), count: z.number().int().min(1).max(1_000).optional() });
const Balances = z.strictObject({
  token_balance: z.number().min(0).optional(),
  token_used: z.number().min(0).optional(),
  balance: z.number().min(0).optional(),
  credit_balance: z.number().min(0).optional(),
  total_used: z.number().min(0).optional(),
});
const Pace = z.strictObject({ ms: z.number().min(0) });
const ToolShapeBody = z.strictObject({ shape: z.enum(['chat', 'responses']) });

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
  'POST /_sandbox/faults/hold': '{ count?=1, match? } hold the next calls (whose path contains match) before they are handled, until faults/release',
  'POST /_sandbox/faults/release': 'let every held call go on; answers { released, held: 0 }; GET /_sandbox/faults/held answers { held }',
  'POST /_sandbox/faults/stream': '{ mode?: cut|stall|no-terminator, after_chunks?=5, count?=1 } break the next streams',
  'POST /_sandbox/faults/download': '{ mode?: cut|stall|endless|slow|gzip-bomb|replace = cut, after_bytes?=65536, bytes_per_second?=65536, kind?, count?=1 } break the next file downloads: '
    + 'cut drops the connection after after_bytes; stall sends after_bytes then nothing, keeping the connection open; '
    + 'endless sends the file\'s type and bytes forever (no Content-Length) until the client disconnects; '
    + 'slow sends the file at bytes_per_second (real time); gzip-bomb sends ~3 MB with Content-Encoding: gzip that inflates to 3 GiB of zeros; '
    + 'replace sends a damaged file whole, with a matching Content-Length: kind truncated (its first half), wrong-magic (starts like an HTML page) '
    + 'or huge-dimensions (a PNG or MP4 whose header claims 65535×65535 pixels)',
  'POST /_sandbox/faults/answer': '{ kind: huge-json|gzip-bomb-json, bytes?=314572800, match?, count?=1 } the next matching API answers are a 200 JSON envelope '
    + '{"code":200,"data":{"pad":"xxx…"}} of `bytes` bytes: huge-json streams it with no Content-Length; gzip-bomb-json sends it gzip-compressed (a few hundred KB)',
  'POST /_sandbox/faults/media': '{ mode: hang|crash, count?=1 } the next media jobs (image, video, speech) spin until their time limit stops the worker, or crash it',
  'POST /_sandbox/faults/task': '{ message? } make the next submitted task fail (its charge is refunded)',
  'POST /_sandbox/faults/billed-failure': '{ message?, count?=1 } the next submitted jobs fail but stay billed (no refund)',
  'GET /_sandbox/prices': 'the private price list, in yuan (never on the public API)',
  'GET /_sandbox/spend?key=<key>': 'every charge and refund of the key, in order: time, route, model, units billed, amount, task; and the total',
  'POST /_sandbox/faults/reset': 'clear every pending fault, set the tool-call shape back to chat and the progress mode back to linear',
  'POST /_sandbox/links/expire': 'expire every generated link now',
  'POST /_sandbox/keys/<key>/balances': '{ token_balance?, token_used?, balance?, credit_balance?, total_used? } set (or create) a key',
  'POST /_sandbox/pace': '{ ms } simulated milliseconds between streamed chunks (0: unpaced)',
  'POST /_sandbox/tools/shape': '{ shape: chat|responses } how the responses endpoint answers: chat-shaped choices with message.tool_calls (the default), '
    + 'or the common responses API\'s output[] items (function_call, message) and response.* stream events; faults/reset sets it back to chat',
  'GET /_sandbox/stats': 'media workers (running jobs, counts of finished, failed, timed-out and crashed jobs) and fault bodies still open',
  ...ADMIN_TASKS_HELP,
};

export const adminRoutes: Route[] = [
  { method: 'GET', pattern: /^\/_sandbox\/?$/, auth: false, handler: (_s, call) => sendJson(call.res, 200, { routes: ADMIN_HELP }) },
  {
    method: 'GET', pattern: /^\/_sandbox\/stats$/, auth: false,
    handler: (s, call) => sendJson(call.res, 200, { media: s.media.stats(), open_fault_bodies: s.faults.openBodies }),
  },
  post('faults/fail', async (s, c) => { s.faults.addFail(await body(s, c, Fail)); ok(c); }),
  post('faults/latency', async (s, c) => { s.faults.addLatency(await body(s, c, Latency)); ok(c); }),
  post('faults/hold', async (s, c) => { s.faults.addHold(await body(s, c, Hold)); ok(c); }),
  post('faults/release', (s, c) => ok(c, { released: s.faults.release(), held: 0 })),
  { method: 'GET', pattern: /^\/_sandbox\/faults\/held$/, auth: false, handler: (s, call) => sendJson(call.res, 200, { held: s.faults.heldCount }) },
  post('faults/stream', async (s, c) => { s.faults.addStreamFault(await body(s, c, StreamFault)); ok(c); }),
  post('faults/download', async (s, c) => { s.faults.addDownloadFault(await body(s, c, DownloadFault)); ok(c); }),
  post('faults/answer', async (s, c) => { s.faults.addAnswerFault(await body(s, c, AnswerFault)); ok(c); }),
  post('faults/media', async (s, c) => { s.faults.addMediaFault(await body(s, c, MediaFault)); ok(c); }),
  post('faults/task', async (s, c) => {
    s.faults.addTaskFailure((await body(s, c, TaskFault)).message ?? 'The model could not complete this job (sandbox fault)');
    ok(c);
  }),
  post('faults/billed-failure', async (s, c) => {
    const b = await body(s, c, BilledFailure);
    s.faults.addBilledFailure(b.message ?? 'The model could not complete this job (sandbox fault, billed)', b.count ?? 1);
    ok(c);
  }),
  { method: 'GET', pattern: /^\/_sandbox\/prices$/, auth: false, handler: (_s, c) => sendJson(c.res, 200, priceList()) },
  {
    method: 'GET', pattern: /^\/_sandbox\/spend$/, auth: false,
    handler(s, c) {
      const key = c.url.searchParams.get('key');
      if (!key) throw new GatewayError(400, 'Name the key: GET /_sandbox/spend?key=<key>', 'key');
      const acct = s.accounts.find(key);
      if (!acct) throw new GatewayError(404, 'No such key in the sandbox', 'key');
      sendJson(c.res, 200, s.accounts.spendView(acct));
    },
  },
  // Tests reset between cases with faults/reset: the tool-call shape is test state of the same kind.
  post('faults/reset', (s, c) => { s.faults.reset(); s.toolShape = 'chat'; s.tasks.progressMode = 'linear'; ok(c); }),
  post('links/expire', (s, c) => ok(c, { expired: s.files.expireAll() })),
  post('keys/([^/]+)/balances', async (s, c) => {
    const acct = s.accounts.set(decodeURIComponent(c.params[0]), await body(s, c, Balances));
    ok(c, { token: s.accounts.tokenView(acct), cash: s.accounts.cashView(acct) });
  }),
  post('pace', async (s, c) => { s.streamPaceMs = (await body(s, c, Pace)).ms; ok(c); }),
  post('tools/shape', async (s, c) => { s.toolShape = (await body(s, c, ToolShapeBody)).shape; ok(c, { shape: s.toolShape }); }),
  ...adminTaskRoutes,
];

export const fileRoutes: Route[] = [{
  method: 'GET',
  pattern: /^\/files\/([a-f0-9]+)\/[^/]+$/,
  auth: false,
  handler(s, call) {
    const fault = s.faults.nextDownloadFault();
    if (fault) trackOpen(s.faults, call.res);
    s.files.serve(call.req, call.res, call.params[0], fault);
  },
}];
