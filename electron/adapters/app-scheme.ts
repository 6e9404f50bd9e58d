/**
 * The renderer's own scheme: the packaged window loads `studio-app://bundle/index.html`, not a
 * file:// URL (docs/packaging.md, "The app scheme"). On file:// the page shares its origin with
 * every file on the disk, and its module scripts need the GrantFileProtocolExtraPrivileges fuse,
 * which also lets file:// pages fetch other local files. Here the page has an origin of its own,
 * that fuse is off, and the handler serves the built renderer folder and nothing else: traversal,
 * encoded separators, absolute paths and symlinks that lead out of it are refused by the same
 * confinement as library media (resolveLibraryFile in core/library/media-file.ts).
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { protocol, type CustomScheme } from 'electron';
import { CONTENT_SECURITY_POLICY } from '@shared/csp.js';
import { resolveLibraryFile } from '@host/library/media-file.js';
import { APP_HOST, APP_SCHEME } from './links.js';
import { MEDIA_SCHEME_PRIVILEGES } from './protocol.js';

const PREFIX = `${APP_SCHEME}://${APP_HOST}/`;

export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: {
    // An origin of its own and relative URLs that resolve (Vite's `base: './'`).
    standard: true,
    // A secure context, as https is; media on the `studio-media:` scheme is then not mixed content.
    secure: true,
    // `<script type="module">`, its preloads and the lazily imported tabs are CORS-mode fetches.
    supportFetchAPI: true,
    corsEnabled: true,
    // V8 keeps the compiled bundle between starts, as it did for file://.
    codeCache: true,
    // Never bypassCSP or allowServiceWorkers: the page stays under its policy and has no worker
    // that could outlive a navigation.
  },
};

/**
 * Grants both of the app's schemes their privileges. Must run before `app.whenReady()`, and only
 * once: Electron takes a single list.
 */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, MEDIA_SCHEME_PRIVILEGES]);
}

/** Serves the scheme from the built renderer folder (`out/renderer`, inside app.asar when packed). */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveBundle(request, rendererDir));
}

/** What a Vite build writes; anything else goes out as bytes no page will run (nosniff). */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file of the bundle a `studio-app://bundle/…` URL names, or undefined. The bare origin is the
 * page. The raw URL is checked (see resolveLibraryFile): Chromium has already folded `..` and
 * `%2e%2e` away, but this does not rely on it.
 */
export async function resolveBundlePath(rendererDir: string, rawUrl: string): Promise<string | undefined> {
  if (!rawUrl.toLowerCase().startsWith(PREFIX)) return undefined;
  const raw = rawUrl.slice(PREFIX.length);
  const path = raw.split(/[?#]/, 1)[0];
  // Every file of the build is the app's own, so unlike library media no index is asked (`knows`).
  return resolveLibraryFile(rendererDir, path === '' ? 'index.html' : raw, () => true);
}

export async function serveBundle(request: Request, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed');
  const file = await resolveBundlePath(rendererDir, request.url);
  // Read whole: inside app.asar, readFile is checked against the archive's integrity hashes,
  // while a stream would first copy the file out of the archive. The bundle's files are small.
  const body = file && (await readFile(file).catch(() => undefined));
  if (!body) return text(404, 'Not found');
  const headers = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(body.byteLength),
    'X-Content-Type-Options': 'nosniff',
    // The policy travels with the page itself (on every response, so an SVG opened as a document
    // or a worker script is under it too); the session adds it again (web-contents-guard.ts).
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-cache',
  };
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}
