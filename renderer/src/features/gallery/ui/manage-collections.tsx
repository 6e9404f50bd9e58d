/**
 * "Manage collections…": every collection with its count, renamed in place or deleted after a
 * confirmation that says its items stay in the library (`library.renameCollection`,
 * `library.removeCollection`). A disclosure below the filters, all of it reachable by keyboard;
 * Escape closes what is open, the focus going back to the button that opened it.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionView } from '@shared/contract/library.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call, EMPTY, errorMessage, useCall } from '../../../api/client.js';

interface Props {
  /** Says what was done (the gallery's status line). */
  onDone(announcement: string): void;
  /** A collection deleted: the filter on it is dropped. */
  onRemoved(id: string): void;
}

type Editing = { id: string; mode: 'rename' | 'remove' } | undefined;

export function ManageCollections({ onDone, onRemoved }: Props) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const list = useCall('library.collections', EMPTY, { enabled: open });
  const collections: CollectionView[] = list.data ?? [];

  const close = () => {
    setOpen(false);
    setEditing(undefined);
    opener.current?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    if (editing) setEditing(undefined);
    else close();
  };
  const failed = (e: unknown) => setError(errorMessage(e as ErrorData));
  const rename = async (c: CollectionView) => {
    const next = name.trim();
    if (!next) return;
    try {
      await call('library.renameCollection', { id: c.id, name: next });
      setEditing(undefined);
      setError('');
      onDone(t('curation.renamed', { name: next }));
    } catch (e) {
      failed(e);
    }
  };
  const remove = async (c: CollectionView) => {
    try {
      await call('library.removeCollection', { id: c.id });
      setEditing(undefined);
      setError('');
      onRemoved(c.id);
      onDone(t('curation.removed', { name: c.name }));
    } catch (e) {
      failed(e);
    }
  };

  return (
    <div className="gallery-collections" onKeyDown={onKey}>
      <button ref={opener} type="button" className="button" aria-expanded={open} onClick={() => (open ? close() : setOpen(true))}>
        {t('curation.manage')}
      </button>
      {open && (
        <section className="gallery-collections-panel" aria-label={t('curation.manageTitle')}>
          {collections.length === 0 && <p className="muted">{t('curation.noCollections')}</p>}
          <ul>
            {collections.map((c) => (
              <li key={c.id}>
                {editing?.id === c.id && editing.mode === 'rename' ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      void rename(c);
                    }}
                  >
                    <input aria-label={t('curation.renameField', { name: c.name })} autoFocus maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
                    <button type="submit" className="button primary">{t('curation.save')}</button>
                    <button type="button" className="button" onClick={() => setEditing(undefined)}>{t('curation.cancel')}</button>
                  </form>
                ) : editing?.id === c.id ? (
                  <div role="alertdialog" aria-label={t('curation.removeYes')} className="gallery-collections-confirm">
                    <p>{t('curation.removeConfirm', { name: c.name })}</p>
                    <button type="button" className="button danger" autoFocus onClick={() => void remove(c)}>{t('curation.removeYes')}</button>
                    <button type="button" className="button" onClick={() => setEditing(undefined)}>{t('curation.cancel')}</button>
                  </div>
                ) : (
                  <>
                    <span className="gallery-collections-name">{c.name}</span> <span className="muted">{t('curation.itemCount', { count: c.count, n: c.count })}</span>{' '}
                    <button type="button" className="button" aria-label={`${t('curation.rename')}: ${c.name}`} onClick={() => {
                      setName(c.name);
                      setEditing({ id: c.id, mode: 'rename' });
                    }}>{t('curation.rename')}</button>
                    <button type="button" className="button" aria-label={`${t('curation.remove')}: ${c.name}`} onClick={() => setEditing({ id: c.id, mode: 'remove' })}>{t('curation.remove')}</button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {error && <p className="form-error" role="alert">{error}</p>}
          <button type="button" className="button" onClick={close}>{t('curation.close')}</button>
        </section>
      )}
    </div>
  );
}
