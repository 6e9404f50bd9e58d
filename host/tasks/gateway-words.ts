/**
 * What the studio keeps of a gateway's words about a task (docs/robust-host.md, "Limits"): a
 * failure's reason, a status word, a rewritten prompt. A task answer may be up to the JSON limit
 * (16 MB), and these words are kept in the task list, rewritten at every change and sent whole to
 * the Tasks tab: six 15 MB reasons once made the list 152 MB. So they are cut where they are
 * stored, a failure's reason with a note saying how long it was; and a task id that names nothing
 * is refused, so a job that cannot be followed ends instead of waiting forever.
 */
import { msg, type Param } from '@shared/messages/index.js';
import type { JobRecord } from './job-record.js';

/** The longest failure reason kept, in characters (a gateway's error body is cut at 2,000 too: gateway/failure.ts). */
export const REASON_MAX_CHARS = 2_000;
/** The longest status word kept (the spec's are one word). */
export const STATUS_MAX_CHARS = 100;
/** The longest rewritten prompt kept: a prompt is at most a few thousand characters. */
export const PROMPT_MAX_CHARS = 32_000;
/** The longest task id followed (spec §2: a short token such as a UUID). */
export const TASK_ID_MAX_CHARS = 256;

/** `text` up to `max` characters, never ending in half a surrogate pair. */
function head(text: string, max: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** A length as a creator reads it: "15 MB", "120 kB" (counted in characters, each a byte or more). */
function sizeOf(chars: number): string {
  return chars >= 1024 * 1024 ? `${Math.round(chars / (1024 * 1024))} MB` : `${Math.round(chars / 1024)} kB`;
}

/** A failure reason as kept: whole when short, else its start and a note of its length. */
export function keptReason(text: string): Param {
  if (text.length <= REASON_MAX_CHARS) return text;
  return msg('jobs.task.cutReason', { words: head(text, REASON_MAX_CHARS), size: sizeOf(text.length) });
}

/** A status word or prompt as kept: cut with an ellipsis past `max`. */
export function kept(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, max)}…`;
}

/**
 * Whether the gateway's task id can be followed: printable ASCII without spaces, 1 to 256
 * characters. An empty, blank, non-string or absurdly long one would be polled forever, or at
 * `/v1/tasks/` itself.
 */
export function isUsableTaskId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= TASK_ID_MAX_CHARS && /^[\x21-\x7e]+$/.test(id);
}

/**
 * A record read back from a task list an older studio wrote, its gateway words cut as they are
 * now when kept: a list that already holds a 15 MB reason becomes small at its next write.
 */
export function keptRecord(job: JobRecord): JobRecord {
  const e = job.error;
  if (typeof e === 'string' && e.length > REASON_MAX_CHARS) job.error = kept(e, REASON_MAX_CHARS);
  else if (typeof e === 'object' && e.message.length > REASON_MAX_CHARS * 2) {
    const said = e.code === 'jobs.task.gatewaySays' ? e.params?.message : undefined;
    job.error = typeof said === 'string' ? msg('jobs.task.gatewaySays', { message: keptReason(said) }) : kept(e.message, REASON_MAX_CHARS);
  }
  if (job.rawStatus !== undefined) job.rawStatus = kept(job.rawStatus, STATUS_MAX_CHARS);
  if (job.actualPrompt !== undefined) job.actualPrompt = kept(job.actualPrompt, PROMPT_MAX_CHARS);
  return job;
}
