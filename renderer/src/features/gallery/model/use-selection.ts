/**
 * The Gallery items chosen for an export. Kept by id, so it survives scrolling, filtering and new
 * items arriving; an item deleted elsewhere leaves it, and a library that changed folder clears it.
 */
import { useCallback, useState } from 'react';
import type { LibraryItemView } from '@shared/contract/library.js';

export function useSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((item: LibraryItemView) => {
    setIds((now) => {
      const next = new Set(now);
      if (!next.delete(item.id)) next.add(item.id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setIds(new Set()), []);
  /** Chooses exactly these (the Gallery's "Choose all", whose ids the host lists). */
  const replace = useCallback((all: readonly string[]) => setIds(new Set(all)), []);
  const forget = useCallback((event: { reason: 'added' | 'removed' | 'reset' | 'changed'; id?: string }) => {
    if (event.reason === 'reset') setIds((now) => (now.size ? new Set() : now));
    else if (event.reason === 'removed' && event.id) {
      const gone = event.id;
      setIds((now) => {
        if (!now.has(gone)) return now;
        const next = new Set(now);
        next.delete(gone);
        return next;
      });
    }
  }, []);
  return { ids, toggle, clear, replace, forget };
}
