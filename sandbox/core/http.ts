/**
 * Small HTTP helpers: bodies, the spec's envelope and the error body of docs/gateway-rules.md
 * ("Error bodies").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Problem } from '@shared/gateway/rules.js';

export const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'payment_required',
  404: 'not_found',
  405: 'invalid_request_error',
  408: 'timeout',
  409: 'conflict',
  410: 'not_found',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};

/** A failure that becomes `{ error: { code, message, type } }` with the HTTP status = code. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalid = (problems: Problem[]) =>
  new GatewayError(400, problems.map((p) => p.message).join('; '), problems[0]?.param || undefined);

export function errorType(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Spec §1: success bodies are `{ code: 200, data }`. */
export const sendEnvelope = (res: ServerResponse, data: unknown) => sendJson(res, 200, { code: 200, data });

export function sendError(res: ServerResponse, err: GatewayError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const error: Record<string, unknown> = { code: err.status, message: err.message, type: errorType(err.status) };
  if (err.param) error.param = err.param;
  sendJson(res, err.status, { error }, err.headers);
}

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limitBytes) throw new GatewayError(413, `Request body too large: at most ${limitBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limitBytes) throw new GatewayError(413, `Request body too large: at most ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) {
    throw new GatewayError(415, `This endpoint takes a JSON body: send Content-Type: application/json (got '${type || 'none'}')`);
  }
  const raw = await readBody(req, limitBytes);
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new GatewayError(400, 'The request body is not valid JSON');
  }
}

/** Resolves when the socket can take more (or is closed): the write side of backpressure. */
export const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
