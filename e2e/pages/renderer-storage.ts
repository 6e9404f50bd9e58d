/**
 * Everything the renderer's own scripts can read back from the browser's storage, as one text to
 * search: Web Storage, the cookies scripts see, every IndexedDB record and every Cache Storage
 * entry. If a secret is anywhere a script (or an XSS) could reach, it is in this text.
 */
import type { Page } from '@playwright/test';

export function readRendererStorage(page: Page): Promise<string> {
  // Typed loosely: the e2e tsconfig has no DOM lib.
  return page.evaluate(async () => {
    const w = globalThis as any;
    const request = <T>(r: any) => new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result as T);
      r.onerror = () => reject(r.error);
    });
    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const { name } of await w.indexedDB.databases()) {
      const db = await request<any>(w.indexedDB.open(name));
      databases[name] = {};
      for (const store of db.objectStoreNames) {
        const tx = db.transaction(store, 'readonly');
        const keys = await request<unknown[]>(tx.objectStore(store).getAllKeys());
        const values = await request<unknown[]>(tx.objectStore(store).getAll());
        databases[name][store] = [keys, values];
      }
      db.close();
    }
    const caches: Record<string, string[]> = {};
    for (const name of await w.caches.keys()) {
      const cache = await w.caches.open(name);
      caches[name] = [];
      for (const req of await cache.keys()) caches[name].push(req.url, await (await cache.match(req)).text());
    }
    return JSON.stringify({
      localStorage: { ...w.localStorage },
      sessionStorage: { ...w.sessionStorage },
      cookies: w.document.cookie,
      databases,
      caches,
    });
  });
}

/** The values of every form field on the page (page.content() has attributes, not typed values). */
export function readFieldValues(page: Page): Promise<string[]> {
  return page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as unknown as { value: string }).value));
}
