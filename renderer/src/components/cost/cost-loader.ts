/**
 * Costs of tasks, replies and gallery items (docs/ledger.md, "Cost where the work is"): each row
 * asks for its own, and the asks of one render are gathered into one `ledger.costs` call, so a
 * page of 200 tasks is one call, never 200. The ledger's `onChange` refreshes every cost shown,
 * again in one call; a cost nobody shows is not asked for.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ItemCost, ItemCosts, ItemCostsInput } from '@shared/contract/ledger-quote.js';
import { api, call } from '../../api/client.js';

export type CostKind = keyof ItemCosts;
const INPUT: Record<CostKind, keyof ItemCostsInput> = { jobs: 'jobIds', replies: 'replyIds', items: 'libraryIds' };
/** The contract's cap on ids per kind per call. */
const PER_CALL = 500;

interface Ask { kind: CostKind; id: string; resolve(cost: ItemCost | null): void; reject(err: unknown): void }

let asks: Ask[] = [];
let scheduled = false;

async function send(batch: Ask[]): Promise<void> {
  const input: ItemCostsInput = {};
  for (const a of batch) (input[INPUT[a.kind]] ??= []).push(a.id);
  try {
    const costs = await call('ledger.costs', input);
    for (const a of batch) a.resolve(Object.hasOwn(costs[a.kind], a.id) ? costs[a.kind][a.id] : null);
  } catch (err) {
    for (const a of batch) a.reject(err);
  }
}

function flush(): void {
  scheduled = false;
  const all = asks;
  asks = [];
  // At most PER_CALL ids of each kind per call.
  const batches: Ask[][] = [];
  const counts: Record<CostKind, number>[] = [];
  for (const a of all) {
    let i = counts.findIndex((c) => c[a.kind] < PER_CALL);
    if (i < 0) {
      i = batches.push([]) - 1;
      counts.push({ jobs: 0, replies: 0, items: 0 });
    }
    batches[i].push(a);
    counts[i][a.kind]++;
  }
  for (const b of batches) void send(b);
}

/** One item's cost, gathered with every other asked for in the same turn; null when it has no ledger row. */
export function loadCost(kind: CostKind, id: string): Promise<ItemCost | null> {
  return new Promise((resolve, reject) => {
    asks.push({ kind, id, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      // After this render's rows have all asked.
      setTimeout(flush, 0);
    }
  });
}

const COST_KEY = 'ledger.cost';
const watched = new WeakMap<QueryClient, { count: number; off: () => void }>();

/** One subscription to the ledger's changes, however many costs are on screen. */
function useLedgerRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const known = watched.get(client);
    if (known) known.count++;
    else watched.set(client, { count: 1, off: api.subscribe('ledger.onChange', () => void client.invalidateQueries({ queryKey: [COST_KEY] })) });
    return () => {
      const w = watched.get(client);
      if (w && --w.count === 0) {
        w.off();
        watched.delete(client);
      }
    };
  }, [client]);
}

/**
 * `ask` false holds the question (a reply still streaming: a new one has no ledger row until it
 * ends, and asking would only load the host while it streams); a cost already known stays shown,
 * and the question goes out once `ask` turns true.
 */
export function useItemCost(kind: CostKind, id: string | undefined, ask = true) {
  useLedgerRefresh();
  return useQuery<ItemCost | null>({ queryKey: [COST_KEY, kind, id], queryFn: () => loadCost(kind, id!), enabled: id !== undefined && ask });
}
