/**
 * Which gateway calls cost money (spec §4): the generation routes, each POSTed. The client
 * announces each one the gateway accepted (host/events.ts, `billed`); reads (balances, task
 * queries) and downloads cost nothing and are never announced.
 */
import type { BilledRoute, BilledUsage } from '../events.js';

// `streamGenerateContent` (spec 4.5) has a capital G: a streamed native reply is billed as well.
const NATIVE = /^\/v1beta\/models\/([^/:]+):(?:generateContent|streamGenerateContent)(?:\?|$)/;
const ROUTES: Record<string, BilledRoute> = {
  '/v1/chat/completions': 'chat',
  '/v1/responses': 'responses',
  '/v1/images/generations': 'image',
  '/v1/videos/generations': 'video-generations',
  '/v1/videos': 'video-multipart',
  '/v1/audio/speech': 'speech',
};

/** The route and model of a billable call; undefined for any other call. */
export function billableCall(spec: { method: string; path: string; json?: unknown; form?: FormData }): { route: BilledRoute; model: string } | undefined {
  if (spec.method !== 'POST') return undefined;
  const native = NATIVE.exec(spec.path);
  if (native) return { route: 'native', model: safeDecode(native[1]) };
  const route = ROUTES[spec.path.split('?')[0]];
  if (!route) return undefined;
  const model = (spec.json as { model?: unknown } | undefined)?.model ?? spec.form?.get('model');
  return { route, model: typeof model === 'string' ? model : '' };
}

/**
 * The token counts a JSON answer reported, when it did: `usage` (chat, responses) or
 * `usageMetadata` (native), numbers only; undefined otherwise.
 */
export function usageOf(payload: unknown): BilledUsage | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const raw = (payload as { usage?: unknown; usageMetadata?: unknown }).usage ?? (payload as { usageMetadata?: unknown }).usageMetadata;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const counts = Object.entries(raw).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]));
  return counts.length ? Object.fromEntries(counts) : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
