/**
 * Browser shell only: the page a reload meets while the studio's host is down
 * (public/offline-worker.js serves it on a failed navigation). It is written here, in the
 * studio's language, into Cache Storage, and again when the language changes; the worker itself
 * holds no words of ours beyond an English stand-in.
 */
import { useEffect } from 'react';
import { i18n } from '../i18n/index.js';
import { afterFirstScreen } from '../state/after-first-screen.js';

const CACHE = 'studio-offline';
const PAGE = '/offline-page';
const WORKER = '/offline-worker.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = [
  ':root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#1d2330;--muted:#5b6474;--accent:#3b5bdb;--border:#dde1e8}',
  '@media (prefers-color-scheme:dark){:root{--bg:#14171d;--card:#1d2129;--text:#e7eaf0;--muted:#9aa3b2;--accent:#8ea4ff;--border:#2e3440}}',
  'html,body{margin:0;height:100%;background:var(--bg);color:var(--text)}',
  'body{display:flex;align-items:center;justify-content:center}',
  'main{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;box-sizing:border-box;width:min(36rem,calc(100% - 3rem));padding:2rem;background:var(--card);border:1px solid var(--border);border-radius:12px;line-height:1.55}',
  'h1{font-size:1.35rem;margin:0 0 .75rem}p{margin:.5rem 0;color:var(--muted)}code{font-size:.95em;color:var(--text)}',
  'a{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:8px;background:var(--accent);color:#fff;text-decoration:none;font-weight:600}',
  'a:focus-visible{outline:3px solid var(--text);outline-offset:2px}',
].join('');

/** The offline page in the language shown now. */
export function offlinePageHtml(): string {
  const t = i18n.getFixedT(null, 'shell');
  return `<!doctype html><html lang="${escape(i18n.language || 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escape(t('offline.title'))}</title><style>${STYLE}</style></head><body><main>`
    + `<h1>${escape(t('offline.title'))}</h1><p>${escape(t('offline.why'))}</p><p>${escape(t('offline.start'))} <code>npm run shell</code></p>`
    + `<p>${escape(t('offline.signIn'))}</p><a href="/">${escape(t('offline.retry'))}</a></main></body></html>`;
}

async function writeOfflinePage(): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.put(PAGE, new Response(offlinePageHtml(), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
}

/**
 * Registers the worker once the page has loaded and its first screen is usable, in an idle
 * period: the first render comes after the load event, and the page's writing and the worker's
 * registration in its effects were part of start-up's main-thread work (state/after-first-screen.ts).
 */
export function useOfflinePage() {
  useEffect(() => {
    if (window.studio || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
    const write = () => void writeOfflinePage().catch(() => undefined);
    const register = () => {
      write();
      // A page that cannot have it (storage blocked) works as before, with the browser's own error page.
      navigator.serviceWorker.register(WORKER, { scope: '/' }).catch(() => undefined);
    };
    let cancel: (() => void) | undefined;
    const later = () => void (cancel = afterFirstScreen(register));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    i18n.on('languageChanged', write);
    return () => {
      window.removeEventListener('load', later);
      cancel?.();
      i18n.off('languageChanged', write);
    };
  }, []);
}
