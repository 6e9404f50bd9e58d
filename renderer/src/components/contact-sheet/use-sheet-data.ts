/**
 * What the contact sheet shows, from the host: the batch and its cells (`batches.get`, read again
 * on `batches.onChange` for this batch), each result's library item (`library.get`, read again when
 * the library says it changed, e.g. a star set elsewhere), and, for failed cells, their jobs'
 * errors (`tasks.list`, kept fresh by `tasks.onDidChange`). Nothing polls.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { BatchCellView } from '@shared/contract/batches.js';
import type { Output } from '@shared/contract/index.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { callKey, EMPTY, useCall, useEvent } from '../../api/client.js';

export function useSheetData(batchId: string) {
  const client = useQueryClient();
  const sheet = useCall('batches.get', { id: batchId });
  useEvent('batches.onChange', (b) => {
    if (b.id === batchId) void client.invalidateQueries({ queryKey: callKey('batches.get', { id: batchId }) });
  });
  useEvent('library.onDidChange', (e) => {
    if (e.id) void client.invalidateQueries({ queryKey: callKey('library.get', { id: e.id }) });
  });
  const failed = sheet.data?.cells.some((c) => c.state === 'failed' || c.state === 'timed_out' || c.state === 'expired') ?? false;
  const tasks = useCall('tasks.list', EMPTY, { enabled: failed });
  useEvent('tasks.onDidChange', (task) => {
    if (!failed) return;
    client.setQueryData<TaskView[]>(callKey('tasks.list', EMPTY), (list) => list?.map((t) => (t.id === task.id ? task : t)));
  });
  const errorOf = (jobId: string) => tasks.data?.find((t) => t.id === jobId)?.error;
  /** The library items already read, for the lightbox: in the order asked. */
  const itemsOf = (ids: readonly string[]) =>
    ids.map((id) => client.getQueryData<LibraryItemView>(callKey('library.get', { id }))).filter((i): i is LibraryItemView => i !== undefined);
  const keepItem = (item: LibraryItemView) => client.setQueryData(callKey('library.get', { id: item.id }), item);
  const keepCell = (cell: BatchCellView) =>
    client.setQueryData<Output<'batches.get'>>(callKey('batches.get', { id: batchId }), (got) => got && { ...got, cells: got.cells.map((c) => (c.index === cell.index ? cell : c)) });
  return { sheet, errorOf, itemsOf, keepItem, keepCell };
}
