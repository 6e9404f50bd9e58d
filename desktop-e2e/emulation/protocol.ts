/**
 * `protocol` (docs/desktop-harness.md, "Schemes"): privileges granted once, before `ready`;
 * handlers that take a WHATWG Request and give a Response, as `protocol.handle` does. Each request
 * for a mapped origin is given to the handler with its URL and headers translated back to the
 * app's scheme; the response's headers go through the session's `onHeadersReceived` as they
 * would in Electron, and are translated forward again.
 */
import type { Request as PageRequest, Route } from '@playwright/test';
import { guarded, record } from './records.js';
import { shared } from './state.js';
import { session } from './session.js';

type Handler = (request: Request) => Response | Promise<Response>;
const handlers = new Map<string, Handler>();
let registered = false;

export const protocol = guarded('protocol', {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean | undefined> }[]) {
    if (shared.ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    // Electron keeps one list: a second call replaces the first.
    if (registered) record({ type: 'refused', what: 'request', detail: 'registerSchemesAsPrivileged called twice: only the last list counts' });
    registered = true;
    for (const { scheme, privileges = {} } of schemes) {
      shared.privileged.set(scheme, privileges);
      if (!privileges.standard) throw new Error(`The desktop emulation serves only standard schemes (${scheme}): see docs/desktop-harness.md`);
      shared.schemes.add(scheme);
    }
  },
  handle(scheme: string, handler: Handler) {
    if (!shared.ready) throw new Error('protocol.handle may only be used after the app is ready');
    if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    if (!shared.schemes.has(scheme)) throw new Error(`The desktop emulation serves only schemes registered as privileged and standard (${scheme})`);
    handlers.set(scheme, handler);
  },
  unhandle(scheme: string) {
    handlers.delete(scheme);
  },
  isProtocolHandled(scheme: string) {
    return handlers.has(scheme);
  },
});

const RESOURCE_TYPES: Record<string, string> = { document: 'mainFrame', stylesheet: 'stylesheet', script: 'script', image: 'image', media: 'media', font: 'font', fetch: 'xhr', xhr: 'xhr' };

/** Serves a request for a mapped origin, or refuses it as Chromium refuses an unknown scheme. */
export async function serveScheme(route: Route, request: PageRequest, scheme: string): Promise<void> {
  const handler = handlers.get(scheme);
  if (!handler) return route.abort('failed');
  const map = shared.schemes;
  const url = map.fromPage(request.url());
  const headers = new Headers();
  for (const [name, value] of Object.entries(await request.allHeaders())) {
    if (!name.startsWith(':')) headers.set(name, map.fromPage(value));
  }
  const method = request.method();
  const body = method === 'GET' || method === 'HEAD' ? undefined : request.postDataBuffer() ?? undefined;
  let response: Response;
  try {
    response = await handler(new Request(url, { method, headers, body }));
  } catch (error) {
    console.error(`[protocol] the ${scheme}: handler threw`, error);
    return route.abort('failed');
  }
  const responseHeaders: Record<string, string[]> = {};
  response.headers.forEach((value, name) => {
    (responseHeaders[name] ??= []).push(value);
  });
  const filtered = await session.filterHeaders({ url, method, resourceType: RESOURCE_TYPES[request.resourceType()] ?? 'other', statusCode: response.status, responseHeaders });
  if (filtered.cancel) return route.abort('blockedbyclient');
  const out: Record<string, string> = {};
  for (const [name, values] of Object.entries(filtered.responseHeaders)) {
    out[name] = name.toLowerCase() === 'content-security-policy' ? values.map((v) => map.policyToPage(v)).join(', ') : values.map((v) => map.toPage(v)).join(', ');
  }
  let bytes = Buffer.from(await response.arrayBuffer());
  if (/^text\/html/i.test(response.headers.get('content-type') ?? '')) bytes = Buffer.from(metaPolicyToPage(bytes.toString('utf8')));
  return route.fulfill({ status: response.status, headers: out, body: bytes });
}

/** The page's own `<meta>` policy names the schemes too. */
function metaPolicyToPage(html: string): string {
  return html.replace(/(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/gi, (_m, a: string, policy: string, b: string) => a + shared.schemes.policyToPage(policy) + b);
}
