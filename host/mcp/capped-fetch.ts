/**
 * The fetch an MCP server's Streamable HTTP transport uses (docs/mcp.md, "Limits"): a server is
 * not trusted to be small, so a response body past `maxBytes` fails its request instead of
 * growing the host's memory, and redirects are refused so the bearer token never follows one to
 * another address. An answer that is not an MCP answer (an error status, or a body that is neither
 * JSON nor an event stream) reaches the SDK without its body: the SDK quotes a failed answer's body
 * in its errors, and the address may be any local service, whose page can hold a password. Only
 * its status and content type are kept (`onAnswer`), for the message the creator reads.
 */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The MCP server sent more than ${limit} bytes in one response.`);
  }
}

/** What an HTTP answer was: all of it a message may quote. */
export interface AnswerSeen {
  status: number;
  /** The media type alone, lower case, without parameters; '' when none was given. */
  contentType: string;
}

const MCP_TYPES = new Set(['application/json', 'text/event-stream']);

/** A success with a body an MCP client reads, or an accepted notification (no body). */
export const isMcpAnswer = (a: AnswerSeen): boolean =>
  a.status >= 200 && a.status < 300 && (MCP_TYPES.has(a.contentType) || a.status === 202 || a.status === 204);

export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * `onTooLarge` hears of every refusal: the SDK reports a stream that failed mid-way only as a
 * transport error, and the call that waited on it would otherwise wait until its time limit.
 */
export function cappedFetch(maxBytes: number, onTooLarge: (err: TooLarge) => void, onAnswer: (answer: AnswerSeen, method: string) => void = () => undefined): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'error' });
    const answer = { status: response.status, contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() };
    onAnswer(answer, init?.method ?? 'GET');
    if (!isMcpAnswer(answer)) {
      await response.body?.cancel().catch(() => undefined);
      return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      const err = new TooLarge(maxBytes);
      onTooLarge(err);
      throw err;
    }
    if (!response.body) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen <= maxBytes) return controller.enqueue(chunk);
        const err = new TooLarge(maxBytes);
        onTooLarge(err);
        controller.error(err);
      },
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
