/**
 * Calls to a running sandbox gateway as a client makes them (plain fetch over real HTTP), each
 * returning what was sent and what was answered, so the ledger's units are read from exactly what
 * a studio would have: no sandbox internals.
 */
import type { LedgerRoute } from '../units.js';

export interface SentCall { route: LedgerRoute; model: string; request: unknown; answer?: unknown }

export function sandboxClient(base: string, key: string) {
  const auth = { Authorization: `Bearer ${key}` };

  async function json(path: string, body?: unknown): Promise<any> {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await res.json()) as { code?: number; data?: unknown };
    // The native routes answer bare (spec 4.4); the others in the spec's envelope.
    const enveloped = typeof parsed === 'object' && parsed !== null && 'code' in parsed;
    if (res.status !== 200 || (enveloped && parsed.code !== 200)) throw new Error(`${path} → ${res.status} ${JSON.stringify(parsed).slice(0, 300)}`);
    return enveloped ? parsed.data : parsed;
  }

  /** A streamed chat: the usage comes in the last chunk that carries one. */
  async function streamedChat(request: Record<string, unknown>): Promise<SentCall> {
    const res = await fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...request, stream: true }) });
    if (res.status !== 200) throw new Error(`stream → ${res.status}`);
    const text = await res.text();
    const chunks = text.split('\n').filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]').map((l) => JSON.parse(l.slice(6)));
    return { route: 'chat', model: String(request.model), request, answer: { usage: chunks.findLast((c) => c.usage)?.usage } };
  }

  return {
    json,
    streamedChat,
    totalUsed: async (): Promise<number> => (await json('/v1/account/balance')).total_used as number,
    chat: async (request: Record<string, unknown>): Promise<SentCall> => ({ route: 'chat', model: String(request.model), request, answer: await json('/v1/chat/completions', request) }),
    responses: async (request: Record<string, unknown>): Promise<SentCall> => ({ route: 'responses', model: String(request.model), request, answer: await json('/v1/responses', request) }),
    native: async (model: string, request: Record<string, unknown>): Promise<SentCall> => ({ route: 'native', model, request, answer: await json(`/v1beta/models/${model}:generateContent`, request) }),
    image: async (request: Record<string, unknown>): Promise<SentCall & { taskId: string }> => {
      const answer = await json('/v1/images/generations', request);
      return { route: 'image', model: String(request.model), request, answer, taskId: answer[0].task_id };
    },
    video: async (request: Record<string, unknown>): Promise<SentCall> => ({ route: 'video-generations', model: String(request.model), request, answer: await json('/v1/videos/generations', request) }),
    multipartVideo: async (fields: Record<string, string>): Promise<SentCall> => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await fetch(`${base}/v1/videos`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 200) throw new Error(`multipart → ${res.status} ${await res.text()}`);
      return { route: 'video-multipart', model: fields.model, request: fields, answer: await res.json() };
    },
    speech: async (request: Record<string, unknown>): Promise<SentCall> => {
      const res = await fetch(`${base}/v1/audio/speech`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
      if (res.status !== 200) throw new Error(`speech → ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return { route: 'speech', model: String(request.model), request };
    },
  };
}

/** Admin routes of the sandbox, for the test's setup and its truth (docs/sandbox.md). */
export async function sandboxAdmin(base: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`admin ${path} → ${res.status} ${await res.text()}`);
}
