/**
 * The small form T and C open on the gallery (or the selection's buttons): a tag to add, or a
 * collection to add to, chosen or made. Escape or Cancel closes it; the focus goes back to where
 * it was (the caller's `onDone`).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../../../api/client.js';
import type { CurationPanel as Panel } from '../model/use-curation.js';

interface Props {
  panel: Panel;
  onTag(ids: string[], text: string): Promise<void>;
  onCollect(ids: string[], to: { id: string } | { name: string }): Promise<void>;
  onDone(): void;
}

const NEW = '';

export function CurationPanel({ panel, onTag, onCollect, onDone }: Props) {
  const { t } = useTranslation('gallery');
  const id = useId();
  const collections = useCall('library.collections', EMPTY);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const list = collections.data ?? [];
  const target = chosen ?? list[0]?.id ?? NEW;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  };
  const submit = async () => {
    if (panel.mode === 'tag') await onTag(panel.ids, text);
    else if (target !== NEW) await onCollect(panel.ids, { id: target });
    else if (text.trim()) await onCollect(panel.ids, { name: text.trim() });
    onDone();
  };

  return (
    <form
      className="gallery-curation-panel"
      aria-label={panel.mode === 'tag' ? t('curation.tag') : t('curation.collect')}
      onKeyDown={onKey}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {panel.mode === 'collect' && (
        <div className="field">
          <label htmlFor={`${id}-collection`}>{t('curation.collection')}</label>
          <select id={`${id}-collection`} autoFocus value={target} onChange={(e) => setChosen(e.target.value)}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value={NEW}>{t('curation.newCollection')}</option>
          </select>
        </div>
      )}
      {(panel.mode === 'tag' || target === NEW) && (
        <div className="field">
          <label htmlFor={`${id}-text`}>{panel.mode === 'tag' ? t('curation.tagField') : t('curation.newCollectionName')}</label>
          <input id={`${id}-text`} autoFocus={panel.mode === 'tag' || list.length === 0} maxLength={panel.mode === 'tag' ? 64 : 100} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button primary">
        {panel.mode === 'tag' ? t('curation.addTag') : t('curation.addToCollection')}
      </button>
      <button type="button" className="button" onClick={onDone}>
        {t('curation.cancel')}
      </button>
    </form>
  );
}
