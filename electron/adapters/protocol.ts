/**
 * The `studio-media:` protocol: how the renderer shows saved images, video and audio without
 * media crossing the contract (DESIGN §3.8). `studio-media://library/<relative path>` maps to a
 * file under the library root and nothing else: traversal, encoded separators, absolute paths and
 * symlinks that lead out of the root are all refused.
 */
import { protocol } from 'electron';
import { resolveLibraryFile, serveLibraryFile } from '../core/library/media-file.js';

export const MEDIA_SCHEME = 'studio-media';
const HOST = 'library';
const PREFIX = `${MEDIA_SCHEME}://${HOST}/`;

/** Must run before `app.whenReady()`: privileges can only be granted at startup. */
export function registerMediaScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // standard: real URL parsing (host + path); secure: allowed from the app's secure context;
    // stream: <video> can seek with Range requests.
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
  ]);
}

/** Serves the scheme from the current library root (it can change in settings). */
export function handleMediaProtocol(libraryRoot: () => string): void {
  protocol.handle(MEDIA_SCHEME, (request) => serveMedia(request, libraryRoot()));
}

/** The file a `studio-media://library/…` URL names, or undefined (see resolveLibraryFile). */
export async function resolveMediaPath(root: string, rawUrl: string): Promise<string | undefined> {
  if (!rawUrl.toLowerCase().startsWith(PREFIX)) return undefined;
  return resolveLibraryFile(root, rawUrl.slice(PREFIX.length));
}

export function serveMedia(request: Request, root: string): Promise<Response> {
  const raw = request.url.toLowerCase().startsWith(PREFIX) ? request.url.slice(PREFIX.length) : '';
  return serveLibraryFile(request, root, raw);
}
