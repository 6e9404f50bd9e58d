/**
 * The starting image of an image-to-video clip. The gateway fetches it itself, so it must be a
 * public link (spec 4.7): typed in, or picked from saved images whose gateway link is still
 * alive. Links last 24 h from the job's end; the item's `createdAt` is earlier than that end,
 * so `createdAt + 24 h` is a conservative bound (a link may say "expired" a little early,
 * never "valid" too late).
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/index.js';
import { LINK_TTL_SECONDS } from '@shared/gateway/catalog.js';
import { EMPTY, errorMessage, useCall } from '../../api/client.js';
import { TextField } from '../../components/TextField.js';
import { mediaUrl } from '../../api/session.js';
import { useFormats, type Formats } from '../../i18n/format.js';

const TTL_MS = LINK_TTL_SECONDS * 1000;
const PICK_QUERY = { kind: 'image', limit: 50 } as const;

function linkState(item: LibraryItemView, now: number, t: TFunction<'video'>, f: Formats): { usable: boolean; label: string } {
  if (!item.sourceUrl || !/^https?:\/\//i.test(item.sourceUrl)) return { usable: false, label: t('imageUrl.noLink') };
  const left = item.createdAt + TTL_MS - now;
  if (left <= 0) return { usable: false, label: t('imageUrl.expired') };
  const hours = Math.floor(left / 3_600_000);
  return {
    usable: true,
    label: hours >= 1
      ? t('imageUrl.validHours', { hours: f.number(hours) })
      : t('imageUrl.validMinutes', { minutes: f.number(Math.max(1, Math.floor(left / 60_000))) }),
  };
}

function GalleryPicker({ openedAt, onPick }: { openedAt: number; onPick(url: string): void }) {
  const { t } = useTranslation('video');
  const f = useFormats();
  const list = useCall('library.list', PICK_QUERY);
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  if (list.isPending) return <p className="muted">{t('imageUrl.loading')}</p>;
  if (list.isError) return <p className="field-error">{errorMessage(list.error)}</p>;
  if (list.data.items.length === 0) return <p className="muted">{t('imageUrl.empty')}</p>;
  return (
    <ul className="video-picker" aria-label={t('imageUrl.listLabel')}>
      {list.data.items.map((item) => {
        const link = linkState(item, openedAt, t, f);
        const name = item.prompt || t('imageUrl.untitled');
        const thumb = mediaBase ? mediaUrl(mediaBase, item.thumb ?? item.file) : undefined;
        return (
          <li key={item.id}>
            <button
              type="button"
              className="video-pick"
              disabled={!link.usable}
              onClick={() => item.sourceUrl && onPick(item.sourceUrl)}
              aria-label={t('imageUrl.pickLabel', { name, link: link.label })}
            >
              {thumb && <img src={thumb} alt="" loading="lazy" decoding="async" />}
              <span className="video-pick-text">{name}</span>
              <span className="video-pick-link" data-usable={link.usable || undefined}>
                {link.label}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface ImageUrlFieldProps {
  value: string;
  onChange(url: string): void;
  error?: string;
}

export function ImageUrlField({ value, onChange, error }: ImageUrlFieldProps) {
  const { t } = useTranslation('video');
  // The time is read when the list opens (an event), so rendering stays pure and idle.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  return (
    <div className="video-image-url">
      <TextField
        label={t('imageUrl.label')}
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hint={t('imageUrl.hint')}
        error={error}
      />
      <div className="video-image-actions">
        <button type="button" className="button" aria-expanded={openedAt !== null} onClick={() => setOpenedAt(openedAt === null ? Date.now() : null)}>
          {openedAt === null ? t('imageUrl.pick') : t('imageUrl.closePicker')}
        </button>
        {value && (
          <button type="button" className="button" onClick={() => onChange('')}>
            {t('imageUrl.clear')}
          </button>
        )}
      </div>
      {openedAt !== null && (
        <GalleryPicker
          openedAt={openedAt}
          onPick={(url) => {
            onChange(url);
            setOpenedAt(null);
          }}
        />
      )}
    </div>
  );
}
