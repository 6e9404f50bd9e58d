/**
 * What the contact sheet shows, from the host: the batch and its cells (`batches.get`, read again
 * on `batches.onChange` for this batch), each drawn result's library item (read with the others
 * drawn with it in one `library.getMany`, library-reader.ts, and kept under `library.get`'s key;
 * read again when the library says it changed, e.g. a star set elsewhere), and, for failed cells, their jobs'
 * errors (`tasks.list`, kept fresh by `tasks.onDidChange`). Nothing polls.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BatchCellView } from '@shared/contract/batches.js';
import type { Output } from '@shared/contract/index.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { callKey, EMPTY, useCall, useEvent } from '../../api/client.js';
import { libraryReader } from './library-reader.js';

export function useSheetData(batchId: string) {
  const client = useQueryClient();
  const [reader] = useState(libraryReader);
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
  /** Every item of `ids` (the lightbox's), those not yet read fetched first in one call. */
  const itemsFor = async (ids: readonly string[]) => {
    const known = new Set(itemsOf(ids).map((i) => i.id));
    const missing = [...new Set(ids.filter((id) => !known.has(id)))];
    if (missing.length > 0) for (const item of await reader.readMany(missing)) keepItem(item);
    return itemsOf(ids);
  };
  const keepCell = (cell: BatchCellView) =>
    client.setQueryData<Output<'batches.get'>>(callKey('batches.get', { id: batchId }), (got) => got && { ...got, cells: got.cells.map((c) => (c.index === cell.index ? cell : c)) });
  return { sheet, errorOf, itemsOf, itemsFor, keepItem, keepCell, read: reader.read };
}
