/**
 * The item view's curation (docs/library-files.md, "Curation"): its rating as five stars, its
 * favourite, its tags and the collections it is in, each removable, and the keys the grid has
 * (0–5, F, T, C) for the one item shown. It sits in the side column, beside the metadata, so the
 * picture keeps its size. The item is read afresh from the host after every change (the host's
 * `library.onDidChange`), so what is shown is what the library holds.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage, useCall, useEvent } from '../../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { useCuration, type CurationPanel as Panel } from '../model/use-curation.js';
import { CurationPanel } from './curation-panel.js';
import { holdsWord, Marked, useSearchWords } from './search-marks.js';
import './item-curation.css';

const NONE: ReadonlySet<string> = new Set();
const STARS = [1, 2, 3, 4, 5] as const;

interface Props {
  item: LibraryItemView;
  /** Where the dialog sends a key nobody else took: true when it was a curation key. */
  keysRef: { current: ((key: string) => boolean) | null };
  /** Says what happened, in the dialog's status line. */
  announce(text: string): void;
}

export function ItemCuration({ item, keysRef, announce }: Props) {
  const { t } = useTranslation('gallery');
  const got = useCall('library.get', { id: item.id });
  const live = got.data ?? item;
  const { refetch } = got;
  useEvent('library.onDidChange', (event) => {
    if (event.reason === 'changed' && (event.id === undefined || event.id === item.id)) void refetch();
  });
  const curation = useCuration(NONE, announce);
  const [panel, setPanel] = useState<(Panel & { back: () => void }) | null>(null);
  const failed = (e: unknown) => announce(errorMessage(e));
  const rating = live.rating ?? 0;
  const ratingId = useId();

  const rate = (n: number) =>
    call('library.rate', { ids: [item.id], rating: n }).then(() => {
      announce(n === 0 ? t('itemView.unrated') : t('itemView.rated', { n }));
      void refetch();
    }, failed);
  const toggleFavourite = () =>
    call('library.setFavourite', { id: item.id, favourite: !live.favourite }).then((next) => {
      announce(next.favourite ? t('itemView.favouriteOn') : t('itemView.favouriteOff'));
      void refetch();
    }, failed);
  // A removed chip takes its button with it: the focus goes to its row's add button, inside the dialog.
  const addTag = useRef<HTMLButtonElement>(null);
  const addCollection = useRef<HTMLButtonElement>(null);
  const untag = (tag: string) =>
    call('library.tag', { ids: [item.id], add: [], remove: [tag] }).then(() => {
      addTag.current?.focus();
      announce(t('itemView.tagRemoved', { tag }));
      void refetch();
    }, failed);
  const uncollect = (c: { id: string; name: string }) =>
    call('library.collect', { ids: [item.id], collectionId: c.id, add: false }).then(() => {
      addCollection.current?.focus();
      announce(t('itemView.uncollected', { name: c.name }));
      void refetch();
    }, failed);
  const openPanel = (mode: Panel['mode']) => {
    const from = document.activeElement as HTMLElement | null;
    setPanel({ mode, ids: [item.id], back: () => from?.focus() });
  };
  const closePanel = () => {
    panel?.back();
    setPanel(null);
    void refetch();
  };

  // The dialog's keys reach this item's curation; the latest closure, without re-subscribing.
  const onKey = (key: string): boolean => {
    if (/^[0-5]$/.test(key)) void rate(Number(key));
    else if (key === 'f' || key === 'F') void toggleFavourite();
    else if (key === 't' || key === 'T') openPanel('tag');
    else if (key === 'c' || key === 'C') openPanel('collect');
    else return false;
    return true;
  };
  useEffect(() => {
    keysRef.current = onKey;
  });

  // A search's words marked in the chips that hold them: why the item is listed (search-marks.tsx).
  const words = useSearchWords();
  const tags = live.tags ?? [];
  const collections = live.collections ?? [];
  return (
    <section className="item-curation" aria-label={t('itemView.curation')} data-testid="item-curation">
      <div className="item-curation-row">
        <span className="item-curation-label" id={ratingId}>
          {t('itemView.rating')}
        </span>
        <span className="item-stars" role="group" aria-labelledby={ratingId} aria-keyshortcuts="0 1 2 3 4 5">
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              className={n <= rating ? 'item-star is-on' : 'item-star'}
              aria-label={t('itemView.star', { count: n, n })}
              aria-pressed={rating === n}
              // The star already given clears the rating, as a second press of its key would not.
              onClick={() => void rate(rating === n ? 0 : n)}
            >
              <span aria-hidden="true" className="item-glyph" />
            </button>
          ))}
        </span>
        <span className="muted item-rating-text" data-testid="item-rating">
          {rating ? t('itemView.ratedOf', { n: rating }) : t('itemView.notRated')}
        </span>
        <button type="button" className={live.favourite ? 'button item-favourite is-on' : 'button item-favourite'} aria-pressed={live.favourite ?? false} aria-keyshortcuts="F" onClick={() => void toggleFavourite()}>
          <span aria-hidden="true" className="item-glyph" /> {t('itemView.favourite')}
        </button>
      </div>
      <div className="item-curation-row">
        <span className="item-curation-label">{t('itemView.tags')}</span>
        <ul className="item-chips" aria-label={t('itemView.tags')}>
          {tags.length === 0 && <li className="muted">{t('itemView.noTags')}</li>}
          {tags.map((tag) => (
            <li key={tag} className={`item-chip${holdsWord(tag, words) ? ' is-match' : ''}`}>
              <span dir="auto">
                <Marked text={tag} words={words} />
              </span>
              <button type="button" className="item-chip-remove" aria-label={t('itemView.removeTag', { tag })} onClick={() => void untag(tag)}>
                <span aria-hidden="true" className="item-glyph" />
              </button>
            </li>
          ))}
        </ul>
        <button type="button" ref={addTag} className="button item-curation-add" aria-keyshortcuts="T" onClick={() => openPanel('tag')}>
          {t('itemView.addTag')}
        </button>
      </div>
      <div className="item-curation-row">
        <span className="item-curation-label">{t('itemView.collections')}</span>
        <ul className="item-chips" aria-label={t('itemView.collections')}>
          {collections.length === 0 && <li className="muted">{t('itemView.noCollections')}</li>}
          {collections.map((c) => (
            <li key={c.id} className={`item-chip${holdsWord(c.name, words) ? ' is-match' : ''}`}>
              <span dir="auto">
                <Marked text={c.name} words={words} />
              </span>
              <button type="button" className="item-chip-remove" aria-label={t('itemView.removeFromCollection', { name: c.name })} onClick={() => void uncollect(c)}>
                <span aria-hidden="true" className="item-glyph" />
              </button>
            </li>
          ))}
        </ul>
        <button type="button" ref={addCollection} className="button item-curation-add" aria-keyshortcuts="C" onClick={() => openPanel('collect')}>
          {t('itemView.addToCollection')}
        </button>
      </div>
      {panel && <CurationPanel panel={panel} onTag={curation.tag} onCollect={curation.collect} onDone={closePanel} />}
      <p className="muted item-curation-keys">{t('itemView.keys')}</p>
    </section>
  );
}
