/**
 * The Gallery's curation actions (docs/library-files.md, "Curation"): rate, favourite, tag and
 * add to a collection the chosen items, or the one in focus when none is chosen. Each is one call
 * however many items; the host announces it once and the grid refetches (use-library-live.ts).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../../api/client.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import type { LibraryItemView } from '@shared/contract/library.js';

export type CurationPanel = { mode: 'tag' | 'collect'; ids: string[] };

export function useCuration(selected: ReadonlySet<string>, announce: (text: string) => void) {
  const { t } = useTranslation('gallery');
  const targets = useCallback((item?: LibraryItemView) => (selected.size > 0 ? [...selected] : item ? [item.id] : []), [selected]);
  const failed = (e: ErrorData) => announce(errorMessage(e));

  const rate = (ids: string[], rating: number) => {
    if (ids.length === 0) return;
    call('library.rate', { ids, rating }).then(() => announce(t('curation.rated', { count: ids.length, n: ids.length })), failed);
  };
  /** Favourite: set on every target unless the first already is one, then cleared on all. */
  const favourite = async (ids: string[], first?: LibraryItemView) => {
    if (ids.length === 0) return;
    const on = !(first?.favourite ?? false);
    // One call for the whole selection: one transaction, one change announced (library.favourite).
    await call('library.favourite', { ids, favourite: on }).then(() => announce(t('curation.favourited')), failed);
  };
  const tag = async (ids: string[], text: string) => {
    const add = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0 || add.length === 0) return;
    await call('library.tag', { ids, add, remove: [] }).then(() => announce(t('curation.tagged', { count: ids.length, n: ids.length })), failed);
  };
  const collect = async (ids: string[], to: { id: string } | { name: string }) => {
    if (ids.length === 0) return;
    try {
      const collection = 'id' in to ? (await call('library.collections', {})).find((c) => c.id === to.id) : await call('library.createCollection', { name: to.name });
      if (!collection) return;
      await call('library.collect', { ids, collectionId: collection.id, add: true });
      announce(t('curation.collected', { count: ids.length, n: ids.length, name: collection.name }));
    } catch (e) {
      failed(e as ErrorData);
    }
  };
  return { targets, rate, favourite, tag, collect };
}
