/**
 * The item view's "Made from" and "Used in" (docs/library-files.md, "Lineage"), as entries of the
 * metadata list: each source or use with its thumbnail. Activating one (a click, or Tab then Enter)
 * shows that item in the same dialog, through the Gallery's open-by-id (ui-store `openInGallery`),
 * and focus lands on the entry that leads back; a chat message, named by its conversation and
 * first words, opens its conversation in Chat (ui-store `openInChat`). A
 * source removed since is said to be gone, not an error.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { MAX_USED_IN, type LineageRef } from '@shared/contract/lineage-ref.js';
import { useQuery } from '@tanstack/react-query';
import type { ErrorData, LineageView } from '@shared/contract/index.js';
import { callQuery, EMPTY, errorMessage, useCall, useEvent } from '../../../api/client.js';
import { useUiStore } from '../../../state/ui-store.js';
import { thumbSrc } from '../model/media.js';
import './item-lineage.css';

/** The item the view came from along an entry: the new view focuses the entry that leads back. */
const arrival: { from: string | null } = { from: null };
const arriveFrom = (id: string | null) => {
  arrival.from = id;
};

function Thumb({ item, mediaBase }: { item: LibraryItemView; mediaBase: string | undefined }) {
  const src = mediaBase ? thumbSrc(mediaBase, item) : undefined;
  // Decorative: the entry's text names the item.
  return src ? <img className="lineage-thumb" src={src} alt="" loading="lazy" decoding="async" /> : <span className="lineage-thumb" aria-hidden="true" />;
}

export function ItemLineage({ item }: { item: LibraryItemView }) {
  const { t } = useTranslation('gallery');
  // Read afresh each time the view shows an item: what it was used in may have grown since the
  // last time (the library's change events refresh it only while it is on screen).
  const lineage = useQuery<LineageView, ErrorData>({ ...callQuery('library.lineage', { id: item.id }), staleTime: 0 });
  const { refetch } = lineage;
  // A child saved or a source removed while the view is open changes what it lists.
  useEvent('library.onDidChange', () => void refetch());
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  const made = useRef<HTMLDivElement>(null);
  const used = useRef<HTMLDivElement>(null);
  const madeFromId = useId();
  const usedInId = useId();

  useEffect(() => {
    const cameFrom = arrival.from;
    if (!lineage.data || lineage.isFetching || !cameFrom) return;
    const groups = [made.current, used.current].filter((g) => g !== null);
    const back = groups.map((g) => g.querySelector<HTMLButtonElement>(`button[data-item="${CSS.escape(cameFrom)}"]`)).find((b) => b) ?? groups[0]?.querySelector('button');
    arriveFrom(null);
    back?.focus();
  }, [lineage.data, lineage.isFetching]);

  if (lineage.isError) {
    return (
      <>
        <dt>{t('lineage.madeFrom')}</dt>
        <dd className="form-error">{t('lineage.failed', { message: errorMessage(lineage.error) })}</dd>
      </>
    );
  }
  if (!lineage.data) return null;
  const { madeFrom, usedIn } = lineage.data;
  if (madeFrom.length === 0 && usedIn.length === 0) return null;

  const nameOf = (i: LibraryItemView) => i.prompt.trim().replace(/\s+/g, ' ').slice(0, 80) || t('lineage.untitled', { kind: t(`kind.${i.kind}`) });
  const show = (to: LibraryItemView) => {
    arriveFrom(item.id);
    useUiStore.getState().openInGallery(to.id);
  };
  const itemEntry = (kind: string, to: LibraryItemView) => (
    <button type="button" className="lineage-entry" data-item={to.id} onClick={() => show(to)}>
      <Thumb item={to} mediaBase={mediaBase} />
      <span>{t('lineage.entry', { kind, name: nameOf(to) })}</span>
    </button>
  );
  const source = ({ ref, item: found }: { ref: LineageRef; item?: LibraryItemView }) => {
    const kind = t(`lineage.kind.${ref.kind}`);
    if (found) return itemEntry(kind, found);
    if (ref.kind === 'chatMessage' && ref.conversationId) {
      const conversation = ref.conversationId;
      return (
        <button
          type="button"
          className="lineage-entry"
          onClick={(e) => {
            // The dialog is modal: it closes before Chat is shown.
            e.currentTarget.closest('dialog')?.close();
            useUiStore.getState().openInChat(conversation);
          }}
        >
          <span className="lineage-thumb" aria-hidden="true" />
          <span>{ref.name ? t('lineage.openChatNamed', { kind, name: ref.name }) : t('lineage.openChat', { kind })}</span>
        </button>
      );
    }
    // A storyboard's shot is named by its board's title, whether or not the board is still kept.
    if (ref.kind === 'storyboardShot') return <span className="lineage-note">{ref.name ? t('lineage.entry', { kind, name: ref.name }) : kind}</span>;
    if (ref.kind === 'batchCell') return <span className="lineage-note">{t('lineage.cell', { kind, index: (ref.index ?? 0) + 1 })}</span>;
    return <span className="lineage-note muted">{ref.name ? t('lineage.gone', { kind, name: ref.name }) : t('lineage.goneUnnamed', { kind })}</span>;
  };

  // Each a group of the metadata list (a <div> of one <dt> and its <dd>).
  return (
    <>
      {madeFrom.length > 0 && (
        <div ref={made} className="lineage-group" data-testid="detail-made-from">
          <dt id={madeFromId}>{t('lineage.madeFrom')}</dt>
          <dd>
            <ul className="lineage-list" aria-labelledby={madeFromId}>
              {madeFrom.map((m, i) => (
                <li key={i}>{source(m)}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {usedIn.length > 0 && (
        <div ref={used} className="lineage-group" data-testid="detail-used-in">
          <dt id={usedInId}>{t('lineage.usedIn')}</dt>
          <dd>
            <ul className="lineage-list" aria-labelledby={usedInId}>
              {usedIn.map((u) => (
                <li key={u.id}>{itemEntry(t(`kind.${u.kind}`), u)}</li>
              ))}
            </ul>
            {usedIn.length >= MAX_USED_IN && <p className="muted lineage-note">{t('lineage.newest', { n: MAX_USED_IN })}</p>}
          </dd>
        </div>
      )}
    </>
  );
}
