/**
 * The composer's images before sending: previews with a remove button each, the order of text
 * and images in the request (spec 4.4 recommends text first), and the "Add image URL" box.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import type { PendingImage, PendingImages } from '../model/use-pending-images.js';

interface Props {
  images: readonly PendingImage[];
  pending: PendingImages;
  imagesFirst: boolean;
  onOrder(imagesFirst: boolean): void;
}

const nameOf = (i: PendingImage) => (i.kind === 'file' ? i.name : i.url);

export function PendingImageList({ images, pending, imagesFirst, onOrder }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  if (!images.length && !pending.busy) return null;
  return (
    <div className="chat-pending">
      <ul className="chat-pending-list" aria-label={t('pending.list')}>
        {images.map((img) => (
          <li key={img.id} className="chat-pending-item" aria-label={nameOf(img)}>
            {img.kind === 'file' && img.thumb ? (
              <img src={img.thumb} alt="" className="chat-pending-thumb" />
            ) : (
              <span className="chat-pending-thumb chat-pending-none" aria-hidden="true">
                {img.kind === 'url' ? 'URL' : 'IMG'}
              </span>
            )}
            <span className="chat-pending-name" title={nameOf(img)}>
              {nameOf(img)}
            </span>
            <button type="button" className="icon-button button-danger" aria-label={t('pending.remove', { name: nameOf(img) })} onClick={() => pending.remove(img.id)}>
              ×
            </button>
          </li>
        ))}
        {pending.busy > 0 && (
          <li className="chat-pending-item hint" role="status">
            {t('pending.adding', { count: pending.busy, n: f.number(pending.busy) })}
          </li>
        )}
      </ul>
      {images.length > 0 && (
        <div className="chat-segmented" role="group" aria-label={t('pending.order')}>
          <button type="button" className="chat-segment" aria-pressed={!imagesFirst} onClick={() => onOrder(false)}>
            {t('pending.textFirst')}
          </button>
          <button type="button" className="chat-segment" aria-pressed={imagesFirst} onClick={() => onOrder(true)}>
            {t('pending.imagesFirst')}
          </button>
        </div>
      )}
    </div>
  );
}

export function ImageUrlBox({ pending, onDone }: { pending: PendingImages; onDone(): void }) {
  const { t } = useTranslation(['chat', 'common']);
  const [url, setUrl] = useState('');
  const add = () => {
    if (pending.addUrl(url)) {
      setUrl('');
      onDone();
    }
  };
  return (
    <div className="chat-inline chat-url-box">
      <input
        type="url"
        aria-label={t('pending.url')}
        placeholder="https://example.com/photo.jpg"
        value={url}
        autoFocus
        onChange={(e) => setUrl(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          }
        }}
      />
      <button type="button" className="button chat-small" onClick={add}>
        {t('pending.add')}
      </button>
      <button type="button" className="button chat-small" onClick={onDone}>
        {t('common:cancel')}
      </button>
    </div>
  );
}
