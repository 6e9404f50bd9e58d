/**
 * The only HTTP client of the gateway (docs/house-rules.md, "Side effects come in as ports"): auth
 * headers per spec §5, the envelope and its documented exceptions, one failure type, timeouts,
 * cancellation and the retry rules. Every call goes over the host's one transport (transport.ts).
 */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { mapStrings, msg } from '@shared/messages/index.js';
import { randomUUID } from 'node:crypto';
import type { BilledLinks, HostEmitter, HostEvents } from '../events.js';
import { unitsOf, type BilledUnits } from '../ledger/units.js';
import { billableCall, usageOf } from './billable.js';
import { failureFromNetwork, failureFromStatus, failureFromUnreadable, GatewayFailure } from './failure.js';
import { LIMITS } from './limits.js';
import { KeyMask } from './mask-key.js';
import { RedirectRefused } from './redirects.js';
import { DEFAULT_RETRY, retryDelayMs, shouldRetry, type RetryPolicy } from './retry.js';
import { headOfBody, open, readText, RedirectStopped, TimedOut, type Incoming } from './transport.js';

export interface GatewayConfig {
  baseUrl: string;
  apiKey: string;
  /** Milliseconds until the response headers must have arrived (a JSON answer: its whole body). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The profile this client calls for, named in what it announces. */
  profileId?: string;
  /**
   * Where a billable call the gateway accepted is announced (`billed`, host/events.ts): here,
   * once per call, and nowhere else.
   */
  events?: HostEmitter;
}

export interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
  form?: FormData;
  /** `goog`: the native image models also take `x-goog-api-key` (spec §5.3). */
  auth?: 'bearer' | 'goog';
  /** Retried on transient failures. Defaults to true for GET, false for POST. */
  idempotent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The largest body taken, after decompression (limits.ts); a JSON answer's by default. */
  maxBytes?: number;
  /** What the `billed` announcement of a billable call carries beyond what the client knows. */
  billing?: CallBilling;
}

/**
 * A billable call's identity and links (docs/ledger.md, "Rows"), threaded in by the caller: the
 * client announces the call, so the callers never emit `billed` themselves.
 */
export interface CallBilling {
  /** Unique per billed call (a job's id); a fresh one when absent. */
  callId?: string;
  links?: BilledLinks;
  /**
   * For a streamed answer the caller reads (`send`): the units it read, once read. The client
   * announces the call when both the body is over and this has settled.
   */
  units?: Promise<BilledUnits | undefined>;
  /**
   * The caller takes the announcement instead of the bus: a job writes it with its record's next
   * change, in one transaction, and announces it once that is committed (docs/ledger.md, "Rows").
   */
  heard?: (billed: HostEvents['billed']) => void;
}

/** `envelope`: `{ code: 200, data }` (most endpoints); `bare`: the object itself (native image models). */
export type BodyForm = 'envelope' | 'bare' | 'either';

/**
 * A 2xx answer of `send()`, its body unread: a Node stream, decoded and counted against the
 * call's `maxBytes` (transport.ts). Cancelling the call's signal ends the body too.
 */
export interface GatewayAnswer {
  status: number;
  header(name: string): string | null;
  body: Readable;
}

/** A whole 2xx answer of a JSON call. */
interface Answer { status: number; contentType: string; text: string; retryAfter: string | null }

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new GatewayFailure('aborted', msg('gateway.network.cancelled'), false));
    }, { once: true });
  });

export class GatewayClient {
  private readonly policy: RetryPolicy;
  private readonly base: string;
  /**
   * Masks this client's key in text a gateway sends (mask-key.ts): its failures here, and what
   * the callers keep of its answers (stream error events, replies, task errors).
   */
  readonly mask: KeyMask;

  constructor(private readonly config: GatewayConfig) {
    this.policy = { ...DEFAULT_RETRY, ...config.retry };
    this.base = config.baseUrl.replace(/\/+$/, '');
    this.mask = new KeyMask(config.apiKey);
  }

  /** Where this client's gateway is: the one origin its result links may be local on (download.ts). */
  get origin(): string {
    return new URL(this.base).origin;
  }

  /**
   * Where and as whom this client calls, for the job sender process to build the same client
   * (host/tasks/sender/): handed over its IPC channel only, never its argv or environment.
   */
  get endpoint(): { baseUrl: string; apiKey: string; profileId?: string; timeoutMs?: number } {
    return { baseUrl: this.config.baseUrl, apiKey: this.config.apiKey, profileId: this.config.profileId, timeoutMs: this.config.timeoutMs };
  }

  private headers(spec: CallSpec): Record<string, string> {
    const h: Record<string, string> = { Accept: 'application/json, text/event-stream, */*' };
    if (spec.auth === 'goog') h['x-goog-api-key'] = this.config.apiKey;
    else h.Authorization = `Bearer ${this.config.apiKey}`;
    if (spec.json !== undefined) h['Content-Type'] = 'application/json';
    return h;
  }

  private timeoutOf(spec: CallSpec): number {
    return spec.timeoutMs ?? this.config.timeoutMs ?? 30_000;
  }

  /**
   * One attempt: resolves with a 2xx answer (body unread) or throws a GatewayFailure. Its time
   * limit runs until the headers (`send`) or the end of the body (JSON calls). Redirects are
   * followed by the transport, under the one rule of redirects.ts: never with the key to another
   * origin.
   */
  private async attempt(spec: CallSpec, deadline: 'headers' | 'body'): Promise<Incoming> {
    let res: Incoming;
    try {
      res = await open({
        url: `${this.base}${spec.path}`, method: spec.method, headers: this.headers(spec),
        body: spec.json !== undefined ? JSON.stringify(spec.json) : spec.form,
        signal: spec.signal, timeoutMs: this.timeoutOf(spec), deadline,
        maxBytes: spec.maxBytes ?? LIMITS.jsonBytes, what: 'answer',
      });
    } catch (err) {
      if (err instanceof RedirectStopped) throw redirectFailure(err.cause, err.status);
      throw this.network(spec, err);
    }
    if (res.status >= 200 && res.status < 300) return res;
    const text = await headOfBody(res.body, LIMITS.errorBytes).catch(() => '');
    throw failureFromStatus(res.status, text, res.header('content-type') ?? '', res.header('retry-after'), (this.config.now ?? Date.now)());
  }

  private network(spec: CallSpec, err: unknown): GatewayFailure {
    return failureFromNetwork(err, err instanceof TimedOut, spec.signal?.aborted ?? false);
  }

  /** One attempt of a JSON call, its body read within the attempt and its time limit. */
  private async attemptText(spec: CallSpec): Promise<Answer> {
    const res = await this.attempt(spec, 'body');
    try {
      return { status: res.status, contentType: res.header('content-type') ?? '', text: await readText(res.body), retryAfter: res.header('retry-after') };
    } catch (err) {
      // Over its limit: said as such (the answer came, so a submission's fate is unknown).
      if (err instanceof GatewayFailure) throw afterSuccess(err);
      // The body broke off: for a submission, the gateway may well have taken the job.
      throw this.network(spec, err);
    }
  }

  /** Runs attempts under the retry rules until one succeeds or a failure is final. */
  private async retrying<T>(spec: CallSpec, once: () => Promise<T>): Promise<T> {
    const idempotent = spec.idempotent ?? spec.method === 'GET';
    for (let attempt = 0; ; attempt++) {
      try {
        return await once();
      } catch (err) {
        const failure = err instanceof GatewayFailure ? err : failureFromNetwork(err, false, false);
        if (!shouldRetry(failure, idempotent, attempt, this.policy) || spec.signal?.aborted) throw failure;
        await (this.config.sleep ?? defaultSleep)(retryDelayMs(failure, attempt, this.policy), spec.signal);
      }
    }
  }

  /** A 2xx answer, after the retry rules; the caller reads the body (binary, SSE...). */
  send(spec: CallSpec): Promise<GatewayAnswer> {
    return this.retrying(spec, () => this.attempt(spec, 'headers')).then((res) => {
      // Announced once its body is over (read, stopped or broken off): by then the gateway has
      // counted it, so a balance read on the news sees the charge.
      if (billableCall(spec)) {
        res.body.once('close', () => {
          if (!spec.billing?.units) return this.billed(spec);
          spec.billing.units.then((units) => this.billed(spec, undefined, units), () => this.billed(spec));
        });
      }
      return res;
    }, (err: unknown) => {
      throw this.masked(err);
    });
  }

  /** A JSON call: unwraps the envelope (or not), and checks the payload against its schema. */
  async json<T>(spec: CallSpec, schema: z.ZodType<T>, form: BodyForm = 'envelope'): Promise<T> {
    try {
      return await this.readJson(spec, schema, form);
    } catch (err) {
      throw this.masked(err);
    }
  }

  /**
   * Some gateways quote the key back in an auth error ("Incorrect API key provided: sk-…"). Its
   * message goes on to the renderer, the logs and saved replies, so the key is masked here, as
   * the rest of the studio shows it: its last four characters (mask-key.ts, docs/security.md).
   */
  private masked(err: unknown): unknown {
    if (!(err instanceof GatewayFailure)) return err;
    const text = mapStrings(err.text, (s) => this.mask.text(s));
    const param = err.param === undefined ? undefined : this.mask.text(err.param);
    if (text.message === err.message && param === err.param) return err;
    return new GatewayFailure(err.code, text, err.retryable, err.status, param, err.retryAfterMs, err.maybeReceived);
  }

  private async readJson<T>(spec: CallSpec, schema: z.ZodType<T>, form: BodyForm): Promise<T> {
    // The envelope is opened within the attempt: an error it holds under HTTP 200 is retried and
    // waited for (its Retry-After) as the same status would be (docs/gateway-rules.md, "Retries").
    const { res, payload } = await this.retrying(spec, async () => {
      const answer = await this.attemptText(spec);
      return { res: answer, payload: this.payloadOf(answer, form) };
    });
    // Accepted (a 2xx answer whose envelope says so), whatever its shape: the gateway has billed it.
    this.billed(spec, payload);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'body';
      throw afterSuccess(new GatewayFailure('bad_response', msg('gateway.failure.wrongShape', { where }), false, res.status));
    }
    return parsed.data;
  }

  /**
   * Announces a billable call the gateway accepted, with its units as what was sent and `answer`
   * (a JSON call's payload) give them, or as the caller read them from a stream; any other call
   * is not announced.
   */
  private billed(spec: CallSpec, answer?: unknown, streamed?: BilledUnits): void {
    const call = (this.config.events || spec.billing?.heard) && billableCall(spec);
    if (!call) return;
    const usage = usageOf(answer);
    const request = spec.form ? formFields(spec.form) : spec.json;
    const units = streamed ?? unitsOf({ ...call, request, answer });
    const b = spec.billing;
    const billed: HostEvents['billed'] = {
      callId: b?.callId ?? randomUUID(), profileId: this.config.profileId ?? '', ...call, at: (this.config.now ?? Date.now)(),
      ...(units ? { units } : {}), ...(usage ? { usage } : {}), ...(b?.links ? { links: b.links } : {}),
    };
    if (b?.heard) b.heard(billed);
    else this.config.events!.emit('billed', billed);
  }

  /** The payload of a JSON answer: its body parsed and, per `form`, taken out of the envelope. */
  private payloadOf(res: Answer, form: BodyForm): unknown {
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      throw failureFromUnreadable(res.status, res.text, res.contentType);
    }
    try {
      return unwrap(body, form, res.contentType, res.retryAfter, (this.config.now ?? Date.now)());
    } catch (err) {
      throw err instanceof GatewayFailure && err.code === 'bad_response' ? afterSuccess(err) : err;
    }
  }
}

/** A form's text fields (a multipart video's `seconds` and `size`), for its units. */
const formFields = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * A redirect not followed (redirects.ts), as the creator reads it: to another origin, what to do
 * about it; a hop without a usable `Location`, an unexpected answer like any other 3xx.
 */
function redirectFailure(err: unknown, status: number): GatewayFailure {
  if (err instanceof RedirectRefused && err.elsewhere) return new GatewayFailure('bad_response', err.text, false, status);
  if (err instanceof RedirectRefused) return new GatewayFailure('bad_response', msg('gateway.network.redirectedTooOften'), false, status);
  return failureFromStatus(status, '', '', null);
}

/**
 * A 2xx answer the studio cannot use: unlike a refusal, it may mean the gateway acted on the
 * request, so a job submitted this way has an unknown fate and must not be dropped as refused.
 */
const afterSuccess = (f: GatewayFailure) => new GatewayFailure(f.code, f.text, f.retryable, f.status, f.param, f.retryAfterMs, true);

function isEnvelope(b: unknown): b is { code: unknown; data?: unknown } {
  return typeof b === 'object' && b !== null && 'code' in b && typeof (b as { code: unknown }).code === 'number';
}

/**
 * An envelope with code ≠ 200 is a failure even under HTTP 200, and its answer's Retry-After
 * holds as for that status (docs/gateway-rules.md, "Error bodies").
 */
function unwrap(body: unknown, form: BodyForm, contentType: string, retryAfter: string | null, now: number): unknown {
  if (isEnvelope(body)) {
    const code = body.code as number;
    if (code !== 200) throw failureFromStatus(code, JSON.stringify(body), contentType, retryAfter, now);
    if (form !== 'bare') return body.data;
  } else if (form === 'envelope') {
    if (typeof body === 'object' && body !== null && 'error' in body) throw failureFromStatus(502, JSON.stringify(body), contentType, null);
    throw new GatewayFailure('bad_response', msg('gateway.failure.noEnvelope'), false);
  }
  return body;
}
