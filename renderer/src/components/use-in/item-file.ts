/**
 * A library item's file, read through its media URL: put on a drag that may leave the page, or
 * fetched to go where a dropped file goes. Beside "Use in…" rather than in state/handoff.ts,
 * which holds only UI state and so does not reach for the contract client (docs/architecture.md,
 * "The renderer's layers").
 */
import type { LibraryItemView } from '@shared/contract/library.js';
import { mediaUrl } from '../../api/session.js';
import { ITEM_MIME } from '../../state/handoff.js';

/** The file's own name, from its library-relative path. */
const baseName = (file: string) => file.split('/').pop() || 'image';

/**
 * Puts an item on a drag: its id under our own type (what the studio's targets read), and, for
 * drags that leave the page, the file itself where Chromium supports it (`DownloadURL`: the
 * browser downloads it into the place it is dropped) and its address (`text/uri-list`). Both
 * carry the media URL, which in the browser shell holds the media-only secret: the same address
 * an <img> of the page shows, which reads that session's media and calls nothing
 * (docs/security.md, "The browser shell's session").
 */
export function writeItemDrag(data: DataTransfer, item: LibraryItemView, mediaBase: string | undefined): void {
  data.effectAllowed = 'copy';
  data.setData(ITEM_MIME, JSON.stringify({ id: item.id }));
  if (!mediaBase) return;
  const url = new URL(mediaUrl(mediaBase, item.file), window.location.href).href;
  data.setData('text/uri-list', url);
  data.setData('DownloadURL', `${item.mime}:${baseName(item.file)}:${url}`);
}

/**
 * The item's file as a File, read the way the page reads every saved file: through its media URL
 * (docs/house-rules.md, "Media never crosses the contract"). It then goes where a dropped file goes.
 */
export async function fetchItemFile(item: LibraryItemView, mediaBase: string | undefined): Promise<File> {
  if (!mediaBase) throw new Error('no media address');
  const response = await fetch(mediaUrl(mediaBase, item.file));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], baseName(item.file), { type: item.mime || blob.type });
}
