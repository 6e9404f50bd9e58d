/**
 * Curating a library of 100,000 items (docs/library-files.md, "Curation"; docs/performance.md):
 * the items of bench/lib/library-fixture.ts with ratings, 20 tags, 50 collections, favourites and
 * lineage (every video made from an image, some images remixes) in their sidecars, as a creator's library after months of sorting. The studio database is
 * rebuilt from those sidecars (for information), then opened as a later launch opens it, and:
 *   - host, in process, as the core's handlers answer: a full-text search (list of the first
 *     page + models + shapes), words of prompts, a tag and a collection name among them,
 *     budget ≤ 50 ms (median);
 *   - host: a facet change as the Gallery asks it (first page + shapes + every facet's counts),
 *     each facet alone and several combined, budget ≤ 50 ms each (the slowest); and the first
 *     counts after a bulk edit (the columns remade), for information;
 *   - host: a bulk tag of 10,000 items (`library.tag`'s work: the known ids, one transaction) and
 *     the sidecars that follow it in the background, with the host's longest event-loop stall
 *     over both (monitorEventLoopDelay, 1 ms resolution), budget ≤ 100 ms;
 *   - in Chromium, on the browser shell: the Gallery tab's click to its first thumbnails drawn,
 *     budget ≤ 300 ms (best of the passes); then the creator's bulk tag: a search that matches
 *     about 10,000 items, Ctrl+A, T, a tag typed, Enter, to the page saying "Tagged …", budget
 *     ≤ 1 s, with no main-thread task over 50 ms from Ctrl+A on (Long Tasks API).
 *   npx tsx bench/curation.ts [--items 100000] [--passes 2]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { Library } from '@host/library/library.js';
import type { LibraryItem } from '@host/library/library-item.js';
import { openDatabase, type StudioDatabase } from '@host/db/database.js';
import { libraryMigrations } from '@host/library/library-table.js';
import { libraryFacets } from '@host/library/library-facets.js';
import type { FacetQuery } from '@host/library/facets.js';
import { coldOnFirstTab, networkIdle } from './lib/chromium.js';
import { type Row } from './lib/child.js';
import { benchRun } from './lib/bench-run.js';
import { VOCABULARY, writeLibrary, type Decorate } from './lib/library-fixture.js';
import { thumbnailsDrawn } from './lib/gallery-probes.js';
import { loopWatch } from './lib/loop-watch.js';
import { LONG_TASKS } from './lib/page-probes.js';
import { signIn, type SignedIn } from '../browser-shell/test/sign-in.js';
import { median } from './lib/median.js';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' }, passes: { type: 'string', default: '2' } } });
const ITEMS = Number(values.items);
const PASSES = Number(values.passes);
const BULK = Math.min(10_000, Math.floor(ITEMS / 5));
const GRID = '[data-testid="gallery-scroll"]';
const TAGS = ['portrait', 'landscape', 'keeper', 'client', 'draft', 'moody', 'warm', 'cold', 'night', 'day', 'hero shot', 'texture', 'reference', 'poster', 'cover', 'storyboard', 'retouch', 'print', 'social', 'archive'];
const COLLECTIONS = Array.from({ length: 50 }, (_, k) => ({ id: `board-${k}`, name: `Moodboard ${['spring', 'summer', 'autumn', 'winter', 'studio'][k % 5]} ${k}` }));

const idOf = (i: number) => `bench${i.toString(16).padStart(8, '0')}`;

/**
 * About 30 % rated, 40 % tagged (one or two of 20 tags), 12 % in one of 50 collections, 5 %
 * favourites; every video made from the item before it (its starting image), and one image in
 * ten a remix of an earlier one.
 */
const curated: Decorate = (i, rand, item) => {
  const extra: Partial<LibraryItem> = {};
  if (i > 0 && item.kind === 'video') extra.madeFrom = [{ kind: 'startImage', itemId: idOf(i - 1) }];
  else if (i > 10 && item.kind === 'image' && i % 10 === 3) extra.madeFrom = [{ kind: 'remixOf', itemId: idOf(i - 10) }];
  if (rand() < 0.3) extra.rating = 1 + Math.floor(rand() * 5);
  if (rand() < 0.4) extra.tags = [...new Set([TAGS[Math.floor(rand() * TAGS.length)], ...(rand() < 0.25 ? [TAGS[Math.floor(rand() * TAGS.length)]] : [])])];
  if (rand() < 0.12) extra.collections = [COLLECTIONS[Math.floor(rand() * COLLECTIONS.length)]];
  if (rand() < 0.05) extra.favourite = true;
  return extra;
};

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

interface Opened { library: Library; database: StudioDatabase; ms: number; stallMs: number }

/** Opens the database and the library on it, as the host does at launch, and waits for the after-work (rows in memory, search text, curation). */
async function open(root: string, file: string): Promise<Opened> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const database = openDatabase({ file, domains: [libraryMigrations] });
  const library = new Library({ root, db: database.forDomain('library') });
  const t0 = performance.now();
  await library.open();
  await library.searchReady();
  await library.curating.idle();
  const took = performance.now() - t0;
  loop.disable();
  return { library, database, ms: took, stallMs: loop.max / 1e6 };
}

/** A fresh page, the Gallery clicked, to its first screenful of thumbnails on screen (ms from the click's pointerdown). */
async function openGallery(browser: Browser, session: SignedIn): Promise<{ page: Page; close: () => Promise<void>; drawnMs: number }> {
  const { context, page } = await coldOnFirstTab(browser, session, [LONG_TASKS]);
  await page.evaluate(`window.__benchThumbs = ${thumbnailsDrawn(GRID)}, 0`);
  await page.evaluate(`addEventListener('pointerdown', (e) => { window.__benchDown = e.timeStamp; }, { capture: true, once: true })`);
  await page.getByRole('tab', { name: 'Gallery' }).click();
  const thumbs = (await page.evaluate('window.__benchThumbs')) as { at: number };
  const down = Number(await page.evaluate('window.__benchDown'));
  return { page, close: () => context.close(), drawnMs: thumbs.at - down };
}

/** The creator's bulk tag: a search, Ctrl+A, T, a tag, Enter; Enter's keydown to "Tagged …" said, and the long tasks from Ctrl+A on. */
async function bulkTagInPage(page: Page, word: string, expected: number): Promise<{ ms: number; chosen: string; tasks: number[] }> {
  const panel = page.getByRole('tabpanel', { name: 'Gallery' });
  await panel.getByRole('searchbox', { name: 'Search', exact: true }).fill(word);
  await panel.getByTestId('gallery-count').filter({ hasText: `${expected.toLocaleString('en-US')} items` }).waitFor();
  await networkIdle(page);
  const from = Number(await page.evaluate('performance.now()'));
  await page.locator(`${GRID} .gallery-cell`).first().focus();
  await page.keyboard.press('Control+a');
  const status = panel.getByRole('status').filter({ hasText: /chosen/ });
  await status.first().waitFor();
  const chosen = (await status.first().textContent()) ?? '';
  await page.keyboard.press('t');
  await panel.getByLabel('Tag to add').fill('bench bulk tag');
  await page.evaluate(`window.__benchTagged = new Promise((resolve) => {
    addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__benchEnter = performance.now(); }, { capture: true, once: true });
    const watch = new MutationObserver(() => {
      for (const s of document.querySelectorAll('[role="status"]')) if (/^Tagged /.test(s.textContent || '')) { watch.disconnect(); resolve(performance.now()); return; }
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  }), 0`);
  await page.keyboard.press('Enter');
  const tagged = Number(await page.evaluate('window.__benchTagged'));
  const enter = Number(await page.evaluate('window.__benchEnter'));
  await page.waitForTimeout(500);
  const tasks = ((await page.evaluate('window.__benchLongTasks')) as { start: number; duration: number }[]).filter((t) => t.start >= from).map((t) => t.duration);
  return { ms: tagged - enter, chosen, tasks };
}

const info = (figure: string, value: string): Row => ({ figure, value, budget: '—', ok: null });
await benchRun('curation', async (run) => {
  const { dataDir, rows } = run;
  const root = join(dataDir, 'Library');
  const file = join(dataDir, 'studio.db');
  const g0 = performance.now();
  await writeLibrary(root, ITEMS, 11, curated);
  rows.push(info(`library written: ${ITEMS} items with their curation in the sidecars (s)`, ((performance.now() - g0) / 1000).toFixed(1)));

  // No database yet: the index and the curation are rebuilt from the sidecars, once.
  const rebuilt = await open(root, file);
  rows.push(info('database rebuilt from the sidecars, curation included (ms; the longest stall meanwhile)', `${ms(rebuilt.ms)}; ${ms(rebuilt.stallMs)}`));
  await rebuilt.library.close();
  rebuilt.database.close();

  const opened = await open(root, file);
  const lib = opened.library;
  rows.push(info('a later launch: Library.open() to the rows, search text and curation ready (ms)', ms(opened.ms)));
  const tagged = lib.ids({ tag: 'keeper' }).length;
  const collected = lib.curation.list().reduce((n, c) => n + c.count, 0);
  rows.push(info('curation found: items tagged "keeper" / items in the 50 collections / collections', `${tagged} / ${collected} / ${lib.curation.list().length}`));

  // Searches as the Gallery asks them when its search box changes.
  const queries = [...VOCABULARY.filter((_, i) => i % 11 === 0), 'fox night', 'keeper', 'hero shot', 'moodboard winter', 'zebra'];
  const searchMs = queries.map((text) => {
    lib.list({ text: 'owl', limit: 200 });
    const t0 = performance.now();
    lib.list({ text, offset: 0, limit: 200 });
    lib.models();
    lib.shapes({ text });
    return performance.now() - t0;
  });
  const searchMedian = median(searchMs);
  rows.push({ figure: `full-text search: list (first 200 + total) + models + shapes, ${queries.length} queries, tags and collection names among them (ms, median; max ${ms(Math.max(...searchMs))})`, value: ms(searchMedian), budget: '≤ 50', ok: searchMedian <= 50 });

  // Facet changes as the Gallery asks them: its first page and shapes, and every facet's counts.
  const facetChange = async (q: FacetQuery): Promise<number> => {
    const t0 = performance.now();
    lib.list({ ...q, offset: 0, limit: 200 });
    lib.shapes(q);
    await libraryFacets(lib, q);
    return performance.now() - t0;
  };
  await facetChange({});
  const changes: [string, FacetQuery][] = [
    ['kind', { kind: 'video' }], ['model', { model: 'flux-pro' }], ['made', { date: 'year' }], ['rating', { rating: 5 }],
    ['favourite', { favourite: true }], ['tag', { tag: 'keeper' }], ['collection', { collectionId: 'board-7' }],
    ['shape', { aspect: 'landscape' }], ['resolution', { resolution: 'medium' }], ['cost', { cost: 'unknown' }],
    ['tag + shape + rating', { tag: 'portrait', aspect: 'square', rating: 4 }],
    ['kind + collection + favourite', { kind: 'image', collectionId: 'board-12', favourite: true }],
  ];
  const facetMs: number[] = [];
  for (const [, q] of changes) facetMs.push(median([await facetChange(q), await facetChange(q), await facetChange(q)]));
  const slowest = Math.max(...facetMs);
  const slowestName = changes[facetMs.indexOf(slowest)][0];
  rows.push({ figure: `facet change: first page + shapes + every facet's counts, ${changes.length} changes (ms, slowest: ${slowestName}; median of the changes ${ms(median(facetMs))})`, value: ms(slowest), budget: '≤ 50', ok: slowest <= 50 });
  const lineageMs = (() => {
    const t0 = performance.now();
    for (let k = 0; k < 100; k++) lib.usedIn(idOf(ITEMS - 3 - 10 * k), 100);
    return (performance.now() - t0) / 100;
  })();
  rows.push(info('lineage: an item\'s "used in", one indexed lookup (ms, mean of 100)', lineageMs.toFixed(2)));

  // The host's side of a bulk tag of 10,000 items, and the sidecars following it.
  const bulk = lib.ids({}).filter((_, i) => i % 7 === 3).slice(0, BULK);
  const loop = loopWatch();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const b0 = performance.now();
  const changed = lib.curation.tag(lib.known(bulk), ['bench host tag'], []);
  const editMs = performance.now() - b0;
  await lib.curating.follow();
  const drainS = (performance.now() - b0) / 1000;
  const stall = await loop.stop();
  rows.push(info(`bulk tag of ${bulk.length} items, the host's edit (one transaction; ms; ${changed} changed)`, ms(editMs)));
  rows.push(info(`bulk tag: its ${changed} sidecars written in the background (s)`, drainS.toFixed(1)));
  rows.push({ figure: 'bulk tag: the host\'s longest event-loop stall, the edit and its sidecars (ms)', value: ms(stall), budget: '≤ 100', ok: stall <= 100 });
  const afterEdit = await (async () => {
    const watch = loopWatch();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const took = await facetChange({ tag: 'bench host tag' });
    return { took, stall: await watch.stop() };
  })();
  rows.push(info('the first facet change after that bulk edit (columns remade): its time, and the longest stall in it (ms)', `${ms(afterEdit.took)}; ${ms(afterEdit.stall)}`));

  // The word whose search matches closest to (and at least) BULK items: the creator's "about 10,000".
  const counts = VOCABULARY.map((w) => ({ w, n: lib.ids({ text: w }).length })).filter((c) => c.n >= BULK).sort((a, b) => a.n - b.n);
  const word = counts[0] ?? { w: VOCABULARY[0], n: lib.ids({ text: VOCABULARY[0] }).length };
  await lib.close();
  opened.database.close();

  const shell = await run.shell();
  const browser = await run.browser();
  const session = await signIn(shell.url);
  const drawn: number[] = [];
  let tagging: Awaited<ReturnType<typeof bulkTagInPage>> | undefined;
  for (let p = 0; p < PASSES; p++) {
    const g = await openGallery(browser, session);
    try {
      drawn.push(g.drawnMs);
      if (p === PASSES - 1) tagging = await bulkTagInPage(g.page, word.w, word.n);
    } finally {
      await g.close();
    }
  }
  const best = Math.min(...drawn);
  rows.push({ figure: `Gallery tab, curated library: click to its first thumbnails drawn (ms, best of ${PASSES}; all: ${drawn.map(ms).join(', ')})`, value: ms(best), budget: '≤ 300', ok: best <= 300 });
  if (tagging) {
    rows.push(info('bulk tag in the page: what Ctrl+A said', tagging.chosen.trim()));
    rows.push({ figure: `bulk tag in the page: ${word.n} items chosen by Ctrl+A, Enter to "Tagged …" said (ms)`, value: ms(tagging.ms), budget: '≤ 1000', ok: tagging.ms <= 1000 });
    rows.push({ figure: `bulk tag in the page: main-thread tasks over 50 ms from Ctrl+A on (longest ${ms(Math.max(0, ...tagging.tasks))} ms)`, value: String(tagging.tasks.length), budget: '0', ok: tagging.tasks.length === 0 });
  }
});
