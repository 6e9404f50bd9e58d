/**
 * The host's word on a batch before it is queued (`batches.check`): every refused cell with the
 * rule it names, asked again once the cells stop changing (CHECK_QUIET_MS: a 1,000-cell matrix is
 * not sent to the host at every key typed), never for a batch the page already knows refused (the
 * boundary would stop it at its first cell instead of naming them all). Until the host has
 * answered for the cells shown, the batch is not clear to queue.
 */
import { useEffect, useState } from 'react';
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

/** How long the cells must stay as they are before the host is asked about them. */
export const CHECK_QUIET_MS = 250;

export function useBatchCheck(input: BatchInput | undefined) {
  const [asked, setAsked] = useState(input);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(input), input === undefined ? 0 : CHECK_QUIET_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const current = asked === input;
  const query = useQuery({
    queryKey: [...callKey('batches.check'), asked],
    queryFn: () => call('batches.check', asked!),
    enabled: asked !== undefined,
    // A price or the catalog may change what is refused: asked again on each new matrix, not kept stale.
    staleTime: 0,
  });
  // What the host said of other cells names other places: nothing shown until it answers for these.
  const error = current ? query.error : null;
  const boundary = error ? refusalOfError(error) : undefined;
  const refusals: Refusal[] = (current ? query.data?.refusals.map((r) => ({ index: r.index, text: r.error })) : undefined) ?? (boundary ? [boundary] : []);
  return {
    refusals,
    /** Answered for these very cells, with nothing refused. */
    clear: current && query.data !== undefined && query.data.refusals.length === 0,
    pending: input !== undefined && (!current || query.isFetching),
    failure: error && !boundary ? error : undefined,
  };
}
