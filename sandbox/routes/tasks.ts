/**
 * Spec 4.9 and 4.8's query: task state on the simulated clock. Unknown ids are 404. Each query
 * answers result links that died (or point at a previous port) with fresh ones
 * (docs/gateway-rules.md, "Result links").
 */
import { GatewayError, sendEnvelope } from '../core/http.js';
import type { Route } from '../core/context.js';

const notFound = (id: string) => new GatewayError(404, `No task '${id}' for this API key`, 'task_id');

export const taskRoutes: Route[] = [
  {
    method: 'GET', pattern: /^\/v1\/tasks\/([^/]+)$/, auth: true,
    handler(s, call) {
      const id = decodeURIComponent(call.params[0]);
      const task = s.tasks.find(id, call.account.key, 'generic');
      if (!task) throw notFound(id);
      sendEnvelope(call.res, s.tasks.genericView(task, (u) => s.files.freshLink(s.baseUrl, u)));
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/videos\/([^/]+)$/, auth: true,
    handler(s, call) {
      const id = decodeURIComponent(call.params[0]);
      const task = s.tasks.find(id, call.account.key, 'multipart');
      if (!task) throw notFound(id);
      sendEnvelope(call.res, s.tasks.multipartView(task, (u) => s.files.freshLink(s.baseUrl, u)));
    },
  },
];
