/**
 * The Spend view's host data (docs/ledger.md, "The Spend view"): the totals of the filter, and
 * the rows behind it a page at a time, newest first. Both are read again when the ledger changes
 * (`ledger.onChange`), at most a few times a second however many rows a burst writes; the last
 * answer stays on screen while the next comes, so a filter change never blanks the charts.
 */
import { useEffect, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerFilter } from '@shared/contract/ledger.js';
import { call, useEvent } from '../../../api/client.js';

const SPEND = 'spend';
/** Rows asked per page: a screenful and some. */
export const ROWS_PAGE = 50;
/** A burst of ledger changes is read once per this long. */
const CHANGE_EVERY_MS = 400;

export function useSpendTotals(filter: LedgerFilter) {
  return useQuery({
    queryKey: [SPEND, 'totals', filter],
    queryFn: () => call('ledger.totals', filter),
    placeholderData: keepPreviousData,
  });
}

/** The models the other filters match, for the model filter's list while one model is chosen. */
export function useSpendModels(filter: LedgerFilter, enabled: boolean) {
  return useQuery({
    queryKey: [SPEND, 'models', filter],
    queryFn: async () => [...new Set((await call('ledger.totals', filter)).byModel.map((m) => m.model))],
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSpendRows(filter: LedgerFilter) {
  return useInfiniteQuery({
    queryKey: [SPEND, 'rows', filter],
    queryFn: ({ pageParam }) => call('ledger.rows', { ...filter, limit: ROWS_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: undefined as { at: number; callId: string } | undefined,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

/** Reads the totals again with the balance read first (the "Read the balance now" button). */
export async function refreshSpend(filter: LedgerFilter): Promise<void> {
  await call('ledger.totals', { ...filter, refresh: true });
}

/** Everything the view shows is read again after the ledger changed, once per burst. */
export function useSpendLive(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEvent('ledger.onChange', () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void client.invalidateQueries({ queryKey: [SPEND] });
    }, CHANGE_EVERY_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}

export const invalidateSpend = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: [SPEND] });
