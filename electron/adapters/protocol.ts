/**
 * The `studio-media:` protocol: how the renderer shows saved images, video and audio without
 * media crossing the contract (docs/house-rules.md, "Media never crosses the contract").
 * `studio-media://library/<relative path>` maps to a file the library knows (core.mediaFile: an
 * item's file or thumbnail, docs/architecture.md) and nothing else: unknown files, traversal,
 * encoded separators, absolute paths and symlinks that lead out of the root are all refused.
 */
import { protocol, type CustomScheme } from 'electron';
import { serveLibraryFile, type MediaLookup } from '@host/library/media-file.js';
import { APP_HOST, APP_SCHEME } from './links.js';

export const MEDIA_SCHEME = 'studio-media';
const HOST = 'library';
const PREFIX = `${MEDIA_SCHEME}://${HOST}/`;

/**
 * Its privileges. Electron takes the list of privileged schemes once, before `ready`, so they are
 * granted together with the app scheme's (registerPrivilegedSchemes in app-scheme.ts).
 */
export const MEDIA_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: MEDIA_SCHEME,
  // standard: real URL parsing (host + path); secure: allowed from the app's secure context;
  // stream: <video> can seek with Range requests.
  // corsEnabled: the page reads a saved picture's bytes with fetch() to hand it to the next step
  // (a reference image, a chat attachment: renderer/src/state/handoff.ts); only the app's own
  // origin is answered with an Access-Control-Allow-Origin (serveMedia), so no other page can.
  privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true, corsEnabled: true },
};

/** The renderer's origin (app-scheme.ts): the only one allowed to read media with fetch(). */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Serves the scheme with the core's answer (`core.mediaFile`), which follows the library folder. */
export function handleMediaProtocol(mediaFile: MediaLookup): void {
  protocol.handle(MEDIA_SCHEME, (request) => serveMedia(request, mediaFile));
}

/** The file a `studio-media://library/…` URL names, or undefined (see core.mediaFile). */
export async function resolveMediaPath(mediaFile: MediaLookup, rawUrl: string): Promise<string | undefined> {
  if (!rawUrl.toLowerCase().startsWith(PREFIX)) return undefined;
  return mediaFile(rawUrl.slice(PREFIX.length));
}

export function serveMedia(request: Request, mediaFile: MediaLookup): Promise<Response> {
  const raw = request.url.toLowerCase().startsWith(PREFIX) ? request.url.slice(PREFIX.length) : '';
  return serveLibraryFile(request, mediaFile, raw).then((response) => {
    if (request.headers.get('origin') !== APP_ORIGIN) return response;
    const headers = new Headers(response.headers);
    headers.set('Access-Control-Allow-Origin', APP_ORIGIN);
    headers.append('Vary', 'Origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
}
