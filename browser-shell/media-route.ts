/**
 * The browser shell's authenticated `/media/<path>` route: the same rule as the desktop's
 * `studio-media:` protocol (one implementation, core.mediaFile): only files the library knows, an
 * item's file or thumbnail, confined to the library folder, with Range support
 * (docs/architecture.md, "Library-known media").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { serveLibraryFile, type MediaLookup } from '@host/library/media-file.js';

export const MEDIA_PREFIX = '/media/';

/** `mediaFile` is the core's answer for a path: only files its library knows. */
export async function serveMediaRoute(req: IncomingMessage, res: ServerResponse, mediaFile: MediaLookup, rawUrl: string): Promise<void> {
  const headers = new Headers();
  if (typeof req.headers.range === 'string') headers.set('range', req.headers.range);
  const request = new Request('http://studio.invalid/', { method: req.method === 'HEAD' ? 'HEAD' : req.method === 'GET' ? 'GET' : 'POST', headers });
  const rawPath = rawUrl.slice(MEDIA_PREFIX.length);
  const response = await serveLibraryFile(request, mediaFile, rawPath);
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => { out[key] = value; });
  res.writeHead(response.status, out);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>).on('error', () => res.destroy()).pipe(res);
}
