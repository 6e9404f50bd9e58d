/**
 * The Gallery tab: everything saved in the library, newest first, in a virtualized
 * grid read page by page from the host; filters, a debounced prompt search, a detail view with
 * playback and the item's actions (Download / Save as…, docs/library-files.md), an export of the
 * filtered items as a zip, files brought in by a drop or "Add files…", and live updates from
 * `library.onDidChange`.
 */
import './strings/register.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, EMPTY, errorMessage, useCall } from '../../api/client.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useFormats } from '../../i18n/format.js';
import { tabDomId } from '../../state/tab-ids.js';
import { remixTab, useRemixStore } from '../../state/remix-store.js';
import { useUiStore } from '../../state/ui-store.js';
import { GalleryFilterBar } from './ui/gallery-filters.js';
import { FacetPanel } from './ui/facet-panel.js';
import { GalleryGrid, type GalleryGridHandle } from './ui/gallery-grid.js';
import { ItemDetail } from './ui/item-detail.js';
import { ExportBar } from './ui/export-bar.js';
import { hasFilters, NO_FILTERS, toQuery, type GalleryFilters } from './model/media.js';
import { RemixToast } from './ui/remix-toast.js';
import { referenceNotes, referencesOf, type FoundReferences } from './model/remix-references.js';
import { useDebounced } from '../../state/use-debounced.js';
import { useLibraryLive } from './model/use-library-live.js';
import { useLibraryHead, useLibraryShapes } from './model/use-library-pages.js';
import { useStackedPreference, withStacks } from './model/use-stacks.js';
import { useSelection } from './model/use-selection.js';
import { useFileImport } from './model/use-file-import.js';
import { useDropZone } from './model/use-drop-zone.js';
import { FileImport } from './ui/file-import.js';
import { useCuration, type CurationPanel as Panel } from './model/use-curation.js';
import { CurationPanel } from './ui/curation-panel.js';
import { SearchWords, searchWords } from './ui/search-marks.js';
import { ManageCollections } from './ui/manage-collections.js';
import './ui/gallery.css';
import './ui/gallery-search.css';

const SEARCH_DEBOUNCE_MS = 150;

export default function GalleryTab() {
  const { t } = useTranslation('gallery');
  const f = useFormats();
  const info = useCall('app.info', EMPTY);
  const [filters, setFilters] = useState<GalleryFilters>(NO_FILTERS);
  const text = useDebounced(filters.text, SEARCH_DEBOUNCE_MS);
  const [stacked, setStacked] = useStackedPreference();
  const unstacked = toQuery({ ...filters, text });
  // Stacks (docs/library-files.md, "Stacks"): the grid lists each stack once; an export takes every item.
  const query = withStacks(unstacked, stacked);
  const words = useMemo(() => searchWords(text), [text]);
  const head = useLibraryHead(query);
  // Asked here, beside the first page, rather than once the grid mounts: the two requests go
  // out together instead of one after the other (the grid reads the same query from the cache).
  useLibraryShapes(query);
  const total = head.data?.total ?? 0;

  const grid = useRef<GalleryGridHandle>(null);
  /** The item shown, its place in the filtered list, and the cell that opened the dialog (focus goes back there). */
  const [open, setOpen] = useState<{ item: LibraryItemView; index: number; opener: number } | null>(null);
  /** What to do once the dialog is gone (focus can only move out of a modal after it closed). */
  const afterClose = useRef<(() => void) | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [remixNotice, setRemixNotice] = useState<{ text: string; warning: boolean; sourceId: string } | null>(null);
  const dismissRemix = useCallback(() => setRemixNotice(null), []);
  const openTab = useUiStore((s) => s.openTab);
  const stash = useRemixStore((s) => s.stash);
  // What the generator's form could not take is said with the notice: nothing is silently lost.
  const applied = useRemixStore((s) => s.applied);
  const unrestored = remixNotice && applied?.sourceId === remixNotice.sourceId ? applied.unrestored : [];

  const closeDetail = (after?: () => void) => {
    if (!open) return;
    const index = open.opener;
    afterClose.current ??= after ?? (() => (index >= 0 ? grid.current?.focusIndex(index) : undefined));
    setOpen(null);
  };
  useEffect(() => {
    // Cleared on opening too, so a late close event from an old dialog can never act on a new one.
    const run = afterClose.current;
    afterClose.current = null;
    if (!open) run?.();
  }, [open]);

  const selection = useSelection();
  useLibraryLive((event) => {
    selection.forget(event);
    // The open item was deleted elsewhere, or the whole library changed folder.
    if (open && (event.reason === 'reset' || (event.reason === 'removed' && event.id === open.item.id))) closeDetail();
  });

  // Curation (docs/library-files.md, "Curation"): keys on a cell act on the chosen items, or that one.
  const curation = useCuration(selection.ids, setAnnouncement);
  const [panel, setPanel] = useState<(Panel & { back: () => void }) | null>(null);
  const openPanel = (mode: Panel['mode'], ids: string[]) => {
    const from = document.activeElement as HTMLElement | null;
    if (ids.length) setPanel({ mode, ids, back: () => from?.focus() });
  };
  const onCurateKey = (item: LibraryItemView, key: string) => {
    const ids = curation.targets(item);
    if (/^[0-5]$/.test(key)) curation.rate(ids, Number(key));
    else if (key === 'f' || key === 'F') void curation.favourite(ids, item);
    else if (key === 't' || key === 'T') openPanel('tag', ids);
    else if (key === 'c' || key === 'C') openPanel('collect', ids);
    else return false;
    return true;
  };
  const selectAll = () => {
    // Every item the filters match, the variants inside stacks included, as an export takes them.
    call('library.ids', unstacked).then(({ ids, total: matched }) => {
      selection.replace(ids);
      setAnnouncement(ids.length < matched ? t('selection.allCapped', { n: f.number(ids.length), total: f.number(matched) }) : t('selection.allDone', { count: ids.length, n: f.number(ids.length) }));
    }, (e: ErrorData) => setAnnouncement(errorMessage(e)));
  };
  const closePanel = () => {
    panel?.back();
    setPanel(null);
  };

  const onOpen = useCallback((item: LibraryItemView, index: number) => {
    setAnnouncement('');
    setOpen({ item, index, opener: index });
  }, []);

  // ← → in the dialog: the neighbour in the list as filtered now, wrapping at both ends like the
  // results lightbox. Asked of the host by place (the grid may not hold that page); only the
  // answer to the latest step is shown, so fast presses never land out of order.
  const stepSeq = useRef(0);
  const onStep = (delta: number) => {
    if (!open || open.index < 0 || total < 2) return;
    const index = (open.index + delta + total) % total;
    const seq = ++stepSeq.current;
    call('library.list', { ...query, offset: index, limit: 1 }).then(
      (page) => {
        const item = page.items[0];
        if (seq !== stepSeq.current || !item) return;
        setOpen((o) => (o ? { ...o, item, index } : o));
      },
      (e: ErrorData) => seq === stepSeq.current && setAnnouncement(errorMessage(e)),
    );
  };

  // Tasks → "Open result": the item may be anywhere in the grid, so it is fetched by id.
  const focus = useUiStore((s) => s.galleryFocus);
  const clearFocus = useUiStore((s) => s.clearGalleryFocus);
  useEffect(() => {
    if (!focus) return;
    clearFocus();
    call('library.get', { id: focus }).then((item) => onOpen(item, -1), (e: ErrorData) => setAnnouncement(errorMessage(e)));
  }, [focus, clearFocus, onOpen]);

  const onRemix = async (item: LibraryItemView) => {
    const tab = remixTab(item.kind);
    // The pictures an image was made from come back from the host (item-references.ts); a failure
    // there still remixes, with the item's public links, and says what was left behind.
    const found: FoundReferences = item.kind === 'image' ? await referencesOf(item.id) : {};
    stash({ kind: item.kind, model: item.model, params: item.params, prompt: item.prompt, sourceId: item.id, references: found.references });
    const { notes, warning } = referenceNotes(found, t);
    setRemixNotice({ text: [t(`remixReady.${tab}`, { model: item.model }), ...notes].join(' '), warning, sourceId: item.id });
    closeDetail(() => {
      openTab(tab);
      document.getElementById(tabDomId(tab))?.focus();
    });
  };

  const onDeleted = (item: LibraryItemView) => {
    setAnnouncement(t(`deleted.${item.kind}`));
    closeDetail();
  };

  // Files from the system: dropped anywhere on the tab, or chosen with "Add files…".
  const importing = useFileImport();
  const drop = useDropZone((files) => void importing.run(files));

  const mediaBase = info.data?.mediaBase;
  const filtered = hasFilters(filters);
  let body;
  if (head.isError) body = <p className="form-error">{errorMessage(head.error)}</p>;
  else if (info.isError) body = <p className="form-error">{errorMessage(info.error)}</p>;
  else if (!head.data || mediaBase === undefined) body = <p className="muted">{t('loading')}</p>;
  else if (total === 0) {
    body = (
      <p className="gallery-empty muted">
        {filtered ? t('empty.filtered') : t('empty.none')}
      </p>
    );
  } else body = <GalleryGrid ref={grid} query={query} mediaBase={mediaBase} onOpen={onOpen} selected={selection.ids} onToggle={selection.toggle} onCurateKey={onCurateKey} onSelectAll={selectAll} />;

  return (
    <SearchWords.Provider value={words}>
    <div className="gallery" {...drop.props}>
      <TabIntro title={t('intro.title')}>{t('intro.body')}</TabIntro>
      <GalleryFilterBar value={filters} models={head.data?.models ?? []} onChange={setFilters} />
      {/* One row of tools, so the grid keeps the window's height; an opened panel takes a row of its own. */}
      <div className="gallery-tools">
        <FacetPanel value={filters} query={query} onChange={setFilters} />
        <label className="gallery-stacks">
          <input type="checkbox" checked={stacked} onChange={(e) => setStacked(e.target.checked)} /> {t('stack.toggle')}
        </label>
        <ManageCollections onDone={setAnnouncement} onRemoved={(id) => filters.collectionId === id && setFilters({ ...filters, collectionId: undefined })} />
        <FileImport state={importing.state} onFiles={(files) => void importing.run(files)} />
        <div className="gallery-status">
          <p data-testid="gallery-count" aria-live="polite">
            {head.data ? t('count', { count: total, n: f.number(total) }) : ''}
          </p>
          <p role="status" className="gallery-announcement">
            {announcement}
          </p>
        </div>
      </div>
      {head.data && total > 0 && (
        <div className="gallery-selection">
          <ExportBar query={unstacked} total={head.data?.every ?? total} selected={selection.ids.size > 0 ? selection.ids : undefined} />
          <p className="muted">
            {selection.ids.size > 0 ? t('selection.count', { count: selection.ids.size, n: f.number(selection.ids.size) }) : `${t('selection.hint')} ${t('curation.hint')}`}{' '}
            {selection.ids.size < (head.data?.every ?? total) && (
              <button type="button" className="button" onClick={selectAll}>
                {t('selection.all', { count: head.data?.every ?? total, n: f.number(head.data?.every ?? total) })}
              </button>
            )}{' '}
            {selection.ids.size > 0 && (
              <button type="button" className="button" onClick={selection.clear}>
                {t('selection.clear')}
              </button>
            )}
          </p>
          {selection.ids.size > 0 && (
            <div className="gallery-curation" role="group" aria-label={t('curation.label')}>
              <span className="segmented" role="group" aria-label={t('curation.rate')}>
                {[0, 1, 2, 3, 4, 5].map((n) => (
                  <button key={n} type="button" className="segment" onClick={() => curation.rate([...selection.ids], n)}>
                    {n === 0 ? t('curation.noRating') : t('curation.stars', { count: n, n })}
                  </button>
                ))}
              </span>
              <button type="button" className="button" onClick={() => void curation.favourite([...selection.ids])}>
                {t('curation.favourite')}
              </button>
              <button type="button" className="button" onClick={() => openPanel('tag', [...selection.ids])}>
                {t('curation.tag')}
              </button>
              <button type="button" className="button" onClick={() => openPanel('collect', [...selection.ids])}>
                {t('curation.collect')}
              </button>
            </div>
          )}
          {panel && <CurationPanel panel={panel} onTag={curation.tag} onCollect={curation.collect} onDone={closePanel} />}
        </div>
      )}
      {body}
      {open && mediaBase !== undefined && (
        <ItemDetail
          item={open.item}
          position={open.index >= 0 && total > 0 ? { index: Math.min(open.index, total - 1), total } : undefined}
          onStep={open.index >= 0 && total > 1 ? onStep : undefined}
          mediaBase={mediaBase}
          desktop={info.data?.shell === 'desktop'}
          onClose={() => closeDetail()}
          onRemix={onRemix}
          onUseIn={(go) => closeDetail(go)}
          onDeleted={onDeleted}
        />
      )}
      {drop.dragging && (
        <div className="gallery-drop-overlay" aria-hidden="true">
          <p>{t('import.drop')}</p>
        </div>
      )}
      {remixNotice && (
        <RemixToast
          message={unrestored.length ? `${remixNotice.text} ${t('itemView.unrestored', { names: unrestored.join(', ') })}` : remixNotice.text}
          warning={remixNotice.warning || unrestored.length > 0}
          onDismiss={dismissRemix}
        />
      )}
    </div>
    </SearchWords.Provider>
  );
}
