/**
 * The host's word on a batch before it is queued (`batches.check`): every refused cell with the
 * rule it names, asked again whenever the cells change, never for a batch the page already knows
 * refused (the boundary would stop it at its first cell instead of naming them all).
 */
import { useQuery } from '@tanstack/react-query';
import type { BatchInput } from '@shared/contract/batches.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call, callKey } from '../../../api/client.js';
import type { Refusal } from './matrix.js';

/** A refusal the host made at the contract's boundary names its cell by path: `cells.3.request.request.size`. */
export function refusalOfError(e: ErrorData): Refusal | undefined {
  const at = /^cells\.(\d+)\./.exec(e.param ?? '');
  return at ? { index: Number(at[1]), text: e.text ?? e.message } : undefined;
}

export function useBatchCheck(input: BatchInput | undefined) {
  const query = useQuery({
    queryKey: [...callKey('batches.check'), input],
    queryFn: () => call('batches.check', input!),
    enabled: input !== undefined,
    // A price or the catalog may change what is refused: asked again on each new matrix, not kept stale.
    staleTime: 0,
  });
  const boundary = query.error ? refusalOfError(query.error) : undefined;
  const refusals: Refusal[] = query.data?.refusals.map((r) => ({ index: r.index, text: r.error })) ?? (boundary ? [boundary] : []);
  return {
    refusals,
    /** Answered for these very cells, with nothing refused. */
    clear: query.data !== undefined && query.data.refusals.length === 0,
    pending: input !== undefined && query.isFetching,
    failure: query.error && !boundary ? query.error : undefined,
  };
}
