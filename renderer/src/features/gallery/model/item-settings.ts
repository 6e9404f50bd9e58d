/**
 * "Copy settings" of the Gallery's item view: what the item was made with, as pretty JSON a
 * creator can paste into a note, a script or a chat (docs/library-files.md, the sidecar's fields).
 * Every parameter the host saved is there as it was saved; nothing of the file itself (its path,
 * size or thumbnail), which says where it is, not how it was made.
 */
import type { LibraryItemView } from '@shared/contract/library.js';

export function settingsOf(item: LibraryItemView): Record<string, unknown> {
  return {
    kind: item.kind,
    model: item.model,
    prompt: item.prompt,
    params: item.params,
    ...(item.width !== undefined && item.height !== undefined ? { width: item.width, height: item.height } : {}),
    ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}),
    ...(item.taskId ? { taskId: item.taskId } : {}),
    createdAt: new Date(item.createdAt).toISOString(),
  };
}

export const settingsJson = (item: LibraryItemView): string => JSON.stringify(settingsOf(item), null, 2);
