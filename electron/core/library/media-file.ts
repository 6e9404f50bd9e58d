/**
 * Library media for the renderer, shared by the desktop's `studio-media:` protocol and the browser
 * shell's `/media/` route (DESIGN §3.8): a path relative to the library root maps to a file under
 * it and nothing else: traversal, encoded separators, absolute paths and symlinks that lead out of
 * the root are all refused.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.flac': 'audio/flac',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

/**
 * The file a raw (still percent-encoded) library path names, or undefined when it is malformed or
 * leads outside `root`. It is checked before decoding, because URL parsing silently resolves
 * `..` and `%2e%2e`.
 */
export async function resolveLibraryFile(root: string, rawRelative: string): Promise<string | undefined> {
  const rawPath = rawRelative.split(/[?#]/, 1)[0];
  if (rawPath === '' || /%(?:2e|2f|5c|00)|\\|\0/i.test(rawPath)) return undefined;
  let segments: string[];
  try {
    segments = rawPath.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[/\\:\0]/.test(s))) return undefined;
  const relativePath = segments.join(sep);
  if (isAbsolute(relativePath)) return undefined;

  const base = resolve(root);
  const candidate = resolve(base, relativePath);
  if (!isInside(base, candidate)) return undefined;
  try {
    // The real paths decide: a symlink inside the library may point anywhere on disk.
    const [realBase, realFile] = await Promise.all([realpath(base), realpath(candidate)]);
    if (!isInside(realBase, realFile)) return undefined;
    return (await stat(realFile)).isFile() ? realFile : undefined;
  } catch {
    return undefined;
  }
}

/** Answers a media request for `rawRelative` under `root`, with single-range support for seeking. */
export async function serveLibraryFile(request: Request, root: string, rawRelative: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed');
  const file = await resolveLibraryFile(root, rawRelative);
  if (!file) return text(404, 'Not found');
  const { size } = await stat(file);
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-cache',
  };
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'invalid') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const body = request.method === 'HEAD' || size === 0
    ? null
    : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** A single `bytes=` range (what media elements send); anything fancier gets the whole file. */
function parseRange(header: string | null, size: number): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
