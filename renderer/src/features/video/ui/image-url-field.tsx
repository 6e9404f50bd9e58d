/**
 * The starting image of an image-to-video clip. The gateway fetches it itself, so it must be a
 * public link (spec 4.7): typed in, picked from saved images whose gateway link is still alive,
 * or a Gallery image dropped here or sent by "Use in…" (state/handoff.ts), which gives its
 * original link while that is valid and otherwise says why it cannot, leaving the field as it was.
 * Links last 24 h from the job's end (handoff.ts, `publicLink`).
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/index.js';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { IntakeNotice } from '../../../components/use-in/intake-notice.js';
import { useItemIntake } from '../../../components/use-in/use-item-intake.js';
import '../../../components/use-in/use-in.css';
import { mediaUrl } from '../../../api/session.js';
import { publicLink } from '../../../state/handoff.js';
import { rememberSource } from '../../../state/lineage-store.js';
import { useFormats, type Formats } from '../../../i18n/format.js';

const PICK_QUERY = { kind: 'image', limit: 50 } as const;

function linkState(item: LibraryItemView, now: number, t: TFunction<'video'>, f: Formats): { usable: boolean; label: string } {
  const link = publicLink(item, now);
  if (link.state === 'none') return { usable: false, label: t('imageUrl.noLink') };
  if (link.state === 'expired') return { usable: false, label: t('imageUrl.expired') };
  const left = link.msLeft;
  const hours = Math.floor(left / 3_600_000);
  return {
    usable: true,
    label: hours >= 1
      ? t('imageUrl.validHours', { hours: f.number(hours) })
      : t('imageUrl.validMinutes', { minutes: f.number(Math.max(1, Math.floor(left / 60_000))) }),
  };
}

function GalleryPicker({ openedAt, onPick }: { openedAt: number; onPick(url: string, item: LibraryItemView): void }) {
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
              onClick={() => item.sourceUrl && onPick(item.sourceUrl, item)}
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
  const { t } = useTranslation(['video', 'handoff']);
  const f = useFormats();
  // The time is read when the list opens (an event), so rendering stays pure and idle.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const intake = useItemIntake('video', (item, name) => {
    const link = publicLink(item, Date.now());
    if (link.state === 'none') return { problem: t('handoff:problem.noLink', { name }) };
    if (link.state === 'expired') return { problem: t('handoff:problem.expired', { name }) };
    onChange(link.url);
    rememberSource(link.url, item);
    const hours = Math.floor(link.msLeft / 3_600_000);
    const left = hours >= 1
      ? t('handoff:left.hours', { hours: f.number(hours) })
      : t('handoff:left.minutes', { minutes: f.number(Math.max(1, Math.floor(link.msLeft / 60_000))) });
    return { ok: t('handoff:added.video', { name, left }) };
  });
  return (
    <div
      className={`video-image-url${intake.over ? ' use-in-drop-active' : ''}`}
      data-testid="video-image-drop"
      onDragOver={intake.onDragOver}
      onDragLeave={intake.onDragLeave}
      onDrop={(e) => {
        // Anything else (text dragged into the box) is the browser's as before.
        if (intake.dropItem(e.dataTransfer)) e.preventDefault();
      }}
    >
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
      <IntakeNotice notice={intake.notice} />
      {openedAt !== null && (
        <GalleryPicker
          openedAt={openedAt}
          onPick={(url, item) => {
            onChange(url);
            rememberSource(url, item);
            setOpenedAt(null);
          }}
        />
      )}
    </div>
  );
}
