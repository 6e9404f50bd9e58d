/* global self, caches */
/**
 * The browser shell's service worker, for one thing only: a page opened or reloaded while the
 * studio's host is down gets the studio's own page saying what to do, not the browser's error
 * page (docs/robust-host.md, "A page that outlives its host"). The page writes that offline page
 * into Cache Storage in its language (renderer/src/app/offline-page.ts); a bare English one
 * stands in until it has.
 *
 * Only page loads (GET navigations) come here. Everything else is routed to the network before this worker
 * (the static routing API, where the browser has it), so calls, the event stream and media pay
 * nothing for it; a browser without it reaches the fetch handler, which lets them pass.
 */
const CACHE = 'studio-offline';
const PAGE = '/offline-page';
const FALLBACK = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Gateway Studio is not running</title>'
  + '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;line-height:1.5}</style>'
  + '<main><h1>Gateway Studio is not running</h1><p>Start it again in its terminal (npm run shell), then try again.</p>'
  + '<p><a href="/">Try again</a></p></main></html>';
/** The offline page runs no script and loads nothing: its policy allows its own inline style only. */
const HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'", 'Cache-Control': 'no-store' };

self.addEventListener('install', (event) => {
  const work = [self.skipWaiting()];
  if (event.addRoutes) {
    work.push(event.addRoutes([
      { condition: { requestMode: 'navigate', requestMethod: 'GET' }, source: 'fetch-event' },
      { condition: { urlPattern: new URLPattern({}) }, source: 'network' },
    ]).catch(() => undefined));
  }
  event.waitUntil(Promise.all(work));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // The navigation's request starts while the worker wakes, not after.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

async function offlinePage() {
  const cached = await caches.open(CACHE).then((cache) => cache.match(PAGE)).catch(() => undefined);
  const html = cached ? await cached.text() : FALLBACK;
  return new Response(html, { status: 503, headers: HEADERS });
}

self.addEventListener('fetch', (event) => {
  // Page loads only: a form posted to the shell (by anyone, another site included) goes to the
  // network exactly as the browser sent it, for the shell's own checks to answer.
  if (event.request.mode !== 'navigate' || event.request.method !== 'GET') return;
  event.respondWith((async () => {
    try {
      return (await event.preloadResponse) || (await fetch(event.request));
    } catch {
      return offlinePage();
    }
  })());
});
