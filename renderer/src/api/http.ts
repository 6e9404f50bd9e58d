/**
 * The contract over the browser shell: calls are same-origin JSON POSTs, events come from one
 * shared event stream (event-stream.ts). Every request carries the session cookie (HttpOnly: nothing here sees it)
 * and the tab's session secret (session.ts), which the cookie alone cannot replace.
 */
import { readSession } from './session.js';
import type { ErrorData, EventName, EventPayload, Input, MethodName, Output, Result, StudioApi } from '@shared/contract/index.js';
import { errorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
import { openEventStream, type EventStream } from './event-stream.js';
import { readJson } from './read-json.js';
import { setRetry, signedOut, streamStatus } from './connection.js';

const UNREACHABLE: ErrorData = errorData('unreachable', msg('app.calls.hostNotAnswering'), true);

const SIGNED_OUT: ErrorData = errorData('unauthorized', msg('app.calls.signedOut'), false);

/** Under the browser's 64 KB for keepalive requests in flight, leaving room for a few. */
const KEEPALIVE_MAX = 16_000;

const failure = (error: ErrorData): Result<never> => ({ ok: false, error });

function isResult(v: unknown): v is Result<unknown> {
  if (!v || typeof v !== 'object' || typeof (v as { ok?: unknown }).ok !== 'boolean') return false;
  if ((v as { ok: boolean }).ok) return 'value' in v;
  const e = (v as { error?: unknown }).error;
  return !!e && typeof e === 'object' && typeof (e as ErrorData).code === 'string' && typeof (e as ErrorData).message === 'string';
}

export interface HttpApiOptions {
  /** Injected by tests; the real one by default. */
  fetch?: typeof fetch;
}

type AnyListener = (payload: unknown) => void;

/**
 * A call as an HTTP request. Attachments, documents and imported files travel as raw bytes to the upload route (JSON would
 * need base64); every other call is a JSON POST.
 */
function request<M extends MethodName>(method: M, input: Input<M>): [string, RequestInit] {
  const session = readSession()?.api ?? '';
  if (method === 'attachments.add' || method === 'library.importFile' || method === 'chat.addDocument' || method === 'chat.importJson') {
    const { name, data } = input as Input<'attachments.add'>;
    return ['/api/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(name), 'X-Studio-Session': session, 'X-Studio-Call': method },
      body: data as Uint8Array<ArrayBuffer>,
      credentials: 'same-origin',
    }];
  }
  const body = JSON.stringify(input ?? {});
  return [`/api/call/${encodeURIComponent(method)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Studio-Session': session },
    body,
    credentials: 'same-origin',
    // The workspace is written as the page goes away (draft-storage.ts): such a request must
    // outlive it. The browser allows 64 KB of them in flight; a larger one goes as usual.
    ...(method === 'app.keepWorkspace' && body.length < KEEPALIVE_MAX ? { keepalive: true } : {}),
  }];
}

export function createHttpApi(options: HttpApiOptions = {}): StudioApi {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const listeners = new Map<string, Set<AnyListener>>();
  let source: EventStream | undefined;
  /** The stream gave up (refused): "Try now" opens a new one. */
  let gaveUp = false;

  function onMessage(message: string) {
    let data: { event?: unknown; payload?: unknown };
    try {
      data = JSON.parse(message);
    } catch {
      return;
    }
    if (typeof data?.event !== 'string') return;
    for (const listener of [...(listeners.get(data.event) ?? [])]) {
      try {
        listener(data.payload);
      } catch (err) {
        // One broken listener must not starve the others of the same event.
        console.error(err);
      }
    }
  }

  function openSource() {
    if (source) return;
    // Opened again after a dropped connection (not after a 403). The secret rides in the URL, as
    // it did for EventSource, which could send no headers; the URL stays in this tab.
    // Its status is the page's word on the host (connection.ts).
    const opened = (source = openEventStream({ url: `/api/events?session=${encodeURIComponent(readSession()?.api ?? '')}`, fetch: doFetch, onData: onMessage, onStatus: streamStatus }));
    gaveUp = false;
    void opened.done.then(() => {
      if (source === opened) gaveUp = true;
    });
  }

  setRetry(() => {
    if (!gaveUp) return source?.retryNow();
    source = undefined;
    openSource();
  });

  function closeSourceIfIdle() {
    for (const set of listeners.values()) if (set.size > 0) return;
    source?.close();
    source = undefined;
  }

  return {
    async invoke<M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>> {
      let response: Response;
      try {
        response = await doFetch(...request(method, input));
      } catch {
        return failure(UNREACHABLE);
      }
      if (response.status === 403) {
        signedOut();
        return failure(SIGNED_OUT);
      }
      let body: unknown;
      try {
        body = await readJson(response);
      } catch {
        body = undefined;
      }
      // The shell answers every call with a Result, even a refused one (bad JSON → 400).
      if (isResult(body)) return body as Result<Output<M>>;
      const text = msg('app.calls.hostUnexpected', { status: response.status });
      return failure(errorData(response.status >= 500 ? 'internal' : 'bad_response', text, response.status >= 500, { status: response.status }));
    },

    subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      const wrapped = listener as AnyListener;
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(wrapped);
      openSource();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        set.delete(wrapped);
        // Nothing listens any more: drop the connection rather than keep it open while idle.
        closeSourceIfIdle();
      };
    },
  };
}
