/**
 * One result picture: a tile with the picture's own shape (never cropped: docs in image.css),
 * that opens the lightbox. Before the picture is there, a placeholder already has the requested
 * shape, so nothing jumps when it arrives; one deleted from the library meanwhile says so.
 */
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { SizeNote } from '../../../components/generator/size-note.js';
import { UsageLine } from '../../../components/generator/usage-line.js';
import { cssRatio } from '../../../components/generator/ratios.js';
import { useTileExtras } from '../../../components/use-in/tile-extras.js';

export type OpenItem = (item: LibraryItemView) => void;

export function ResultTile({ item, base, onOpen }: { item: LibraryItemView; base: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const extras = useTileExtras(item);
  const name = item.prompt || t('results.untitled');
  const sandboxUrl = useCall('app.info', EMPTY).data?.sandboxUrl;
  return (
    <figure className="result-image" data-item-id={item.id} {...extras.props}>
      <button
        type="button"
        className="result-open"
        style={{ aspectRatio: cssRatio(item) ?? '1 / 1' }}
        aria-label={t('results.openFull', { prompt: name })}
        onClick={() => onOpen(item)}
      >
        <img src={mediaUrl(base, item.thumb ?? item.file)} alt={name} decoding="async" />
      </button>
      <figcaption className="hint">
        {item.width && item.height ? t('results.pixels', { width: item.width, height: item.height }) : item.mime}
        <UsageLine cost={item.cost} />
        <SizeNote item={item} sandboxUrl={sandboxUrl} />
      </figcaption>
      {extras.children}
    </figure>
  );
}

/** A placeholder with the shape asked for (`3:4`), while the picture is made or read. */
export function PendingTile({ ratio }: { ratio?: string }) {
  return <div className="result-image result-pending" aria-hidden="true" style={{ aspectRatio: cssRatio(ratio) ?? '1 / 1' }} />;
}

/** A saved picture read back from the library by id; `ratio` shapes its placeholder meanwhile. */
export function SavedTile({ id, base, ratio, onOpen }: { id: string; base: string; ratio?: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const item = useCall('library.get', { id });
  if (item.isError) {
    const gone = item.error.code === 'not_found';
    return (
      <div className="result-image result-gone" style={{ aspectRatio: cssRatio(ratio) ?? '1 / 1' }} data-testid="result-gone">
        <p className="hint">{gone ? t('results.deleted') : errorMessage(item.error)}</p>
      </div>
    );
  }
  if (!item.data || !base) return <PendingTile ratio={ratio} />;
  return <ResultTile item={item.data} base={base} onOpen={onOpen} />;
}
