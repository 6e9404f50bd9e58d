/**
 * Reads the native interface's answers (spec 2.9): each streamed event, array element or whole
 * answer is a response object, enveloped for the text models (spec 4.5) or bare. Candidates map
 * to choices; usageMetadata (with thoughtsTokenCount) to usage; safety ratings are kept.
 */
import { isObject, ratingsOf, unwrap, type ReplyEvent } from './reply-events.js';

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function candidateEvents(c: Record<string, unknown>, position: number): ReplyEvent[] {
  const choice = int(c.index) ?? position;
  const out: ReplyEvent[] = [];
  const parts = isObject(c.content) && Array.isArray(c.content.parts) ? c.content.parts : [];
  // Thought summaries (`thought: true`) are the model's notes, not its answer.
  const text = parts.flatMap((p) => (isObject(p) && typeof p.text === 'string' && p.thought !== true ? [p.text] : [])).join('');
  if (text) out.push({ type: 'delta', choice, text });
  const ratings = ratingsOf(c.safetyRatings);
  if (ratings?.length) out.push({ type: 'safety', choice, ratings });
  if (typeof c.finishReason === 'string' && c.finishReason !== 'FINISH_REASON_UNSPECIFIED') out.push({ type: 'finish', choice, reason: c.finishReason });
  return out;
}

/** `retryAfter`: the answer's Retry-After header, for an error the value holds. */
export function nativeEvents(value: unknown, retryAfter: string | null = null): ReplyEvent[] {
  const u = unwrap(value, retryAfter);
  if ('failure' in u) return [{ type: 'error', failure: u.failure }];
  // An envelope may hold an array of response objects (a whole streamed answer at once).
  if (Array.isArray(u.payload)) return u.payload.flatMap((item) => nativeEvents(item, retryAfter));
  const body = u.payload;
  if (!isObject(body)) return [];
  const out: ReplyEvent[] = [];
  if (Array.isArray(body.candidates)) body.candidates.forEach((c, i) => isObject(c) && out.push(...candidateEvents(c, i)));
  const promptRatings = isObject(body.promptFeedback) ? ratingsOf(body.promptFeedback.safetyRatings) : undefined;
  if (promptRatings?.length) out.push({ type: 'promptSafety', ratings: promptRatings });
  // A prompt blocked outright has no candidates, only promptFeedback.blockReason.
  if (isObject(body.promptFeedback) && typeof body.promptFeedback.blockReason === 'string' && !out.some((e) => e.type === 'finish')) {
    out.push({ type: 'finish', choice: 0, reason: body.promptFeedback.blockReason === 'SAFETY' ? 'SAFETY' : 'OTHER' });
  }
  const m = body.usageMetadata;
  if (isObject(m) && (int(m.promptTokenCount) !== undefined || int(m.totalTokenCount) !== undefined)) {
    const prompt = int(m.promptTokenCount) ?? 0;
    const completion = int(m.candidatesTokenCount) ?? 0;
    const thoughts = int(m.thoughtsTokenCount);
    out.push({ type: 'usage', usage: { prompt, completion, total: int(m.totalTokenCount) ?? prompt + completion + (thoughts ?? 0), ...(thoughts !== undefined ? { thoughts } : {}) } });
  }
  return out;
}
