/**
 * The composer's images before sending: previews with a remove button each, the order of text
 * and images in the request (spec 4.4 recommends text first), and the "Add image URL" box.
 */
import { useState } from 'react';
import type { PendingImage, PendingImages } from './use-pending-images.js';

interface Props {
  images: readonly PendingImage[];
  pending: PendingImages;
  imagesFirst: boolean;
  onOrder(imagesFirst: boolean): void;
}

const nameOf = (i: PendingImage) => (i.kind === 'file' ? i.name : i.url);

export function PendingImageList({ images, pending, imagesFirst, onOrder }: Props) {
  if (!images.length && !pending.busy) return null;
  return (
    <div className="chat-pending">
      <ul className="chat-pending-list" aria-label="Images to send">
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
            <button type="button" className="icon-button button-danger" aria-label={`Remove ${nameOf(img)}`} onClick={() => pending.remove(img.id)}>
              ×
            </button>
          </li>
        ))}
        {pending.busy > 0 && (
          <li className="chat-pending-item hint" role="status">
            Adding {pending.busy} image{pending.busy > 1 ? 's' : ''}…
          </li>
        )}
      </ul>
      {images.length > 0 && (
        <div className="chat-segmented" role="group" aria-label="Order in the message">
          <button type="button" className="chat-segment" aria-pressed={!imagesFirst} onClick={() => onOrder(false)}>
            Text first
          </button>
          <button type="button" className="chat-segment" aria-pressed={imagesFirst} onClick={() => onOrder(true)}>
            Images first
          </button>
        </div>
      )}
    </div>
  );
}

export function ImageUrlBox({ pending, onDone }: { pending: PendingImages; onDone(): void }) {
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
        aria-label="Image URL"
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
        Add
      </button>
      <button type="button" className="button chat-small" onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}
