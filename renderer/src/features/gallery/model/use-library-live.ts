/**
 * Keeps the gallery in step with the library through `library.onDidChange`; nothing polls.
 * A burst of saves (many jobs finishing together) is folded into one refetch, and while the tab
 * is hidden the pages are only marked stale and refetched when it is shown again.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callKey, EMPTY, useEvent } from '../../../api/client.js';
import type { EventPayload } from '@shared/contract/index.js';
import { useUiStore } from '../../../state/ui-store.js';
import { LIBRARY_LIST_KEY } from './use-library-pages.js';

const COALESCE_MS = 100;

export function useLibraryLive(onChange: (event: EventPayload<'library.onDidChange'>) => void) {
  const client = useQueryClient();
  const shown = useUiStore((s) => s.tab === 'gallery');
  const timer = useRef<number | undefined>(undefined);

  useEvent('library.onDidChange', (event) => {
    onChange(event);
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      const visible = useUiStore.getState().tab === 'gallery';
      void client.invalidateQueries({ queryKey: LIBRARY_LIST_KEY, refetchType: visible ? 'active' : 'none' });
      // A curation edit may have made, filled or renamed a collection (the filter's list and counts).
      void client.invalidateQueries({ queryKey: callKey('library.collections', EMPTY), refetchType: visible ? 'active' : 'none' });
      void client.invalidateQueries({ queryKey: callKey('library.facets'), refetchType: visible ? 'active' : 'none' });
    }, COALESCE_MS);
  });

  useEffect(() => {
    if (shown) void client.refetchQueries({ queryKey: LIBRARY_LIST_KEY, type: 'active', stale: true });
  }, [shown, client]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
}
