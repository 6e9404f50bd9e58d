/**
 * The fetch an MCP server's Streamable HTTP transport uses (docs/mcp.md, "Limits"): a server is
 * not trusted to be small, so a response body past `maxBytes` fails its request instead of
 * growing the host's memory, and redirects are refused so the bearer token never follows one to
 * another address.
 */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The MCP server sent more than ${limit} bytes in one response.`);
  }
}

export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * `onTooLarge` hears of every refusal: the SDK reports a stream that failed mid-way only as a
 * transport error, and the call that waited on it would otherwise wait until its time limit.
 */
export function cappedFetch(maxBytes: number, onTooLarge: (err: TooLarge) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'error' });
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
