/**
 * The finished jobs the host moved out of its list into the archive (the newest LISTED_FINISHED finished stay
 * in the list: docs/robust-host.md, "Older tasks"), read a page at a time with `tasks.archived`,
 * newest first, only once the creator has reached the end of the list.
 */
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ErrorData, Output } from '@shared/contract/index.js';
import type { TaskState } from '@shared/contract/tasks.js';
import { call } from '../../../api/client.js';
import { archivedStates, type TaskFilter } from './task-format.js';

export const OLDER_PAGE = 50;
const METHOD = 'tasks.archived';
type Page = Output<typeof METHOD>;

/** The input of a filter's pages, without the cursor. */
function inputFor(filter: TaskFilter): { limit: number; states?: TaskState[] } {
  return filter === 'all' ? { limit: OLDER_PAGE } : { limit: OLDER_PAGE, states: [...archivedStates(filter)] };
}

export function useOlderTasks(filter: TaskFilter) {
  const input = inputFor(filter);
  return useInfiniteQuery<Page, ErrorData, InfiniteData<Page, number | undefined>, readonly unknown[], number | undefined>({
    queryKey: [METHOD, input],
    queryFn: ({ pageParam }) => call(METHOD, pageParam === undefined ? input : { ...input, before: pageParam }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * Takes a removed archived job out of the pages at once, then reads them again: the removal
 * rewrote the file, so the pages' places in it (their cursors) moved.
 */
export function dropArchivedTask(client: QueryClient, id: string): void {
  client.setQueriesData<InfiniteData<Page, number | undefined>>({ queryKey: [METHOD] }, (old) =>
    old && { ...old, pages: old.pages.map((p) => ({ ...p, tasks: p.tasks.filter((t) => t.id !== id) })) },
  );
  refreshOlder(client);
}

/**
 * Jobs left the list (moved to the archive, or removed): the older pages shown are read again. A
 * move tells of a hundred jobs at once: one read, not a hundred started and cancelled.
 */
export function refreshOlder(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [METHOD] }, { cancelRefetch: false });
}
