/**
 * `test.use(ROUTED_PAGE)` in a file whose tests route the page's requests (`page.route`): a request
 * of a page the offline worker controls can pass by page.route (Playwright's documented limit), so
 * the worker, which those tests do not need, is not registered there (its own tests:
 * lost-host.spec.ts).
 */
export const ROUTED_PAGE = { serviceWorkers: 'block' } as const;
