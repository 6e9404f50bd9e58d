/**
 * Library media for the renderer, shared by the desktop's `studio-media:` protocol and the browser
 * shell's `/media/` route. The renderer shows model output, so it is not trusted to name files
 * (docs/architecture.md, "Library-known media"): a path is served only when the library
 * knows it (an item's file or thumbnail), and then only if it really lies under the root:
 * traversal, encoded separators, absolute paths and symlinks that lead out are all refused.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';

/** The file a raw (still percent-encoded) media path names, or undefined: what both shells serve. */
export type MediaLookup = (rawRelative: string) => Promise<string | undefined>;

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
 * The library-relative path ('/'-separated, decoded) a raw media path names, or undefined when it
 * is malformed or could step outside a root. It is checked before decoding, because URL parsing
 * silently resolves `..` and `%2e%2e`.
 */
export function libraryPathOf(rawRelative: string): string | undefined {
  const rawPath = rawRelative.split(/[?#]/, 1)[0];
  if (rawPath === '' || /%(?:2e|2f|5c|00)|\\|\0/i.test(rawPath)) return undefined;
  let segments: string[];
  try {
    segments = rawPath.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[/\\:\0]/.test(s))) return undefined;
  return isAbsolute(segments.join(sep)) ? undefined : segments.join('/');
}

/**
 * The file a raw library path names under `root`, or undefined when `knows` does not know the
 * path, or it is malformed, or it leads outside `root` (a hostile sidecar may name any path).
 */
export async function resolveLibraryFile(root: string, rawRelative: string, knows: (relativePath: string) => boolean): Promise<string | undefined> {
  const relativePath = libraryPathOf(rawRelative);
  if (relativePath === undefined || !knows(relativePath)) return undefined;
  const base = resolve(root);
  const candidate = resolve(base, ...relativePath.split('/'));
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

/** Answers a media request for `rawRelative` (the file `lookup` finds), with single-range support for seeking. */
export async function serveLibraryFile(request: Request, lookup: MediaLookup, rawRelative: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed');
  const file = await lookup(rawRelative);
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
