/**
 * A shot's picture taken from the Gallery: the saved pictures whose gateway link still lives (a
 * video starts only from a public link, docs/storyboards.md, "The starting image is a link").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { publicLink } from '../../../state/handoff.js';

const PICK_QUERY = { kind: 'image', limit: 50 } as const;

function ChoiceList({ openedAt, onPick }: { openedAt: number; onPick(itemId: string): void }) {
  const { t } = useTranslation('storyboard');
  const list = useCall('library.list', PICK_QUERY);
  const base = useCall('app.info', EMPTY).data?.mediaBase;
  if (list.isPending) return <p className="muted">{t('picture.loadingList')}</p>;
  if (list.isError) return <p className="field-error">{errorMessage(list.error)}</p>;
  const usable = list.data.items.filter((item) => publicLink(item, openedAt).state === 'valid');
  if (usable.length === 0) return <p className="muted">{t('picture.emptyList')}</p>;
  return (
    <ul className="sb-choices" aria-label={t('picture.listLabel')}>
      {usable.map((item) => {
        const name = item.prompt || t('picture.untitled');
        return (
          <li key={item.id}>
            <button type="button" className="sb-choice" onClick={() => onPick(item.id)} aria-label={t('picture.pick', { name })}>
              {base !== undefined && <img src={mediaUrl(base, item.thumb ?? item.file)} alt="" loading="lazy" />}
              <span>{name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ChosenName({ itemId }: { itemId: string }) {
  const { t } = useTranslation('storyboard');
  const item = useCall('library.get', { id: itemId }).data;
  return <p className="muted">{t('picture.chosen', { name: item?.prompt || t('picture.untitled') })}</p>;
}

export function GalleryChoice({ itemId, onPick }: { itemId: string; onPick(itemId: string): void }) {
  const { t } = useTranslation('storyboard');
  // The time is read when the list opens (an event), so rendering stays pure.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  return (
    <div className="sb-gallery-choice">
      {itemId ? <ChosenName itemId={itemId} /> : <p className="muted">{t('picture.noneChosen')}</p>}
      <button type="button" className="button" aria-expanded={openedAt !== null} onClick={() => setOpenedAt(openedAt === null ? Date.now() : null)}>
        {openedAt === null ? t('picture.choose') : t('picture.closeChooser')}
      </button>
      {openedAt !== null && (
        <ChoiceList
          openedAt={openedAt}
          onPick={(id) => {
            onPick(id);
            setOpenedAt(null);
          }}
        />
      )}
    </div>
  );
}
