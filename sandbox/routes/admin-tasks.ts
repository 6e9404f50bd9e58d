/**
 * Admin routes for the result-latency benchmark (sandbox/README.md, "Faults on demand"): when a
 * task really became done, in the client's wall-clock time, with every status query it got; and
 * the progress mode of the tasks submitted next (linear, or noisy: sandbox/core/progress-curve.ts).
 */
import { z } from 'zod';
import { check } from '@shared/gateway/index.js';
import { GatewayError, invalid, readBody, sendJson } from '../core/http.js';
import type { Route } from '../core/context.js';
import { speechCounts } from '../core/speech-count.js';

const ProgressBody = z.strictObject({ mode: z.enum(['linear', 'noisy']) });

export const ADMIN_TASKS_HELP = {
  'GET /_sandbox/tasks/<id>/timeline': '{ task_id, status: queued|running|done|failed, created_at, done_at, queries } in real epoch ms: '
    + 'done_at is the first moment a query answers the task ended (null before), queries the arrival of each status query',
  'GET /_sandbox/submissions': '{ prompts: { <prompt>: count }, speech: { <input>: count } } how many tasks each prompt was submitted as since the sandbox started '
    + '(with --data-dir, ever), and how many billed speech calls each text was since the sandbox started: a client that bought a job or a speech twice shows a count of 2',
  'POST /_sandbox/tasks/progress': '{ mode: linear|noisy } how tasks submitted from now on report progress: linear (the default), '
    + 'or noisy: fast then slow with plateaus and jumps, and lengths ±4 %, seeded by task id; faults/reset sets it back to linear',
};

export const adminTaskRoutes: Route[] = [
  {
    method: 'GET', pattern: /^\/_sandbox\/submissions$/, auth: false,
    handler(s, call) {
      const prompts: Record<string, number> = {};
      for (const t of s.tasks.list()) prompts[t.prompt] = (prompts[t.prompt] ?? 0) + 1;
      sendJson(call.res, 200, { prompts, speech: speechCounts(s) });
    },
  },
  {
    method: 'GET', pattern: /^\/_sandbox\/tasks\/([^/]+)\/timeline$/, auth: false,
    handler(s, call) {
      const id = decodeURIComponent(call.params[0]);
      const task = s.tasks.get(id);
      if (!task) throw new GatewayError(404, `No task '${id}'`, 'task_id');
      sendJson(call.res, 200, s.tasks.timeline(task));
    },
  },
  {
    method: 'POST', pattern: /^\/_sandbox\/tasks\/progress$/, auth: false,
    async handler(s, call) {
      const raw = (await readBody(call.req, 64 * 1024)).toString('utf8');
      let parsed: unknown;
      try {
        parsed = raw.trim() ? JSON.parse(raw) : {};
      } catch {
        throw new GatewayError(400, 'The body is not JSON');
      }
      const checked = check(ProgressBody, parsed);
      if (!checked.ok) throw invalid(checked.problems);
      s.tasks.progressMode = checked.value.mode;
      sendJson(call.res, 200, { ok: true, mode: s.tasks.progressMode });
    },
  },
];
