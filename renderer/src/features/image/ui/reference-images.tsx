/**
 * Reference images: drop, pick, paste (the tab forwards Ctrl+V here) or link them; each shows a
 * preview, can be moved up or down with buttons (so order is keyboard-accessible, not drag-only)
 * and removed. Problems appear at the field and at the image they concern.
 */
import type { TFunction } from 'i18next';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/TextField.js';
import { IntakeNotice } from '../../../components/use-in/intake-notice.js';
import '../../../components/use-in/use-in.css';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { refLabel, type FieldErrors, type ImageRef } from '../model/image-draft.js';
import type { References } from '../model/use-references.js';

interface Props {
  refs: ImageRef[];
  errors: FieldErrors;
  references: References;
  limit: number;
  native: boolean;
}

const KB = 1024;
/** KB and MB are written the same in every language the studio speaks; only the number is local. */
const size = (bytes: number, f: Formats) => (bytes < KB * KB ? `${f.number(Math.max(1, Math.round(bytes / KB)))} KB` : `${f.fixed(bytes / KB / KB, 1)} MB`);

function describe(r: ImageRef, t: TFunction<'image'>, f: Formats): string {
  if (r.kind === 'url') return t('refs.link');
  const format = r.mime.replace('image/', '').toUpperCase();
  return [format, r.width && r.height ? `${r.width}×${r.height}` : '', size(r.bytes, f)].filter(Boolean).join(' · ');
}

export function ReferenceImages({ refs, errors, references, limit, native }: Props) {
  const { t } = useTranslation('image');
  const f = useFormats();
  const picker = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const [link, setLink] = useState('');
  const error = errors.refs ?? references.problem ?? undefined;
  const hintId = 'image-refs-hint';
  const errorId = 'image-refs-error';

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    // A Gallery item (its id only): fetched from the library and added as a dropped file is.
    if (references.intake.dropItem(e.dataTransfer)) return;
    const files = [...e.dataTransfer.files];
    if (files.length) void references.addFiles(files);
    else {
      // An image dragged from a web page arrives as its address.
      const url = e.dataTransfer.getData('text/uri-list').split('\n').find((l) => l && !l.startsWith('#'));
      if (url && !native) references.addUrl(url);
    }
  };

  const move = (id: string, by: -1 | 1) => {
    references.move(id, by);
    // The moved item's button keeps focus so it can be pressed again; at an end, its twin takes it.
    requestAnimationFrame(() => {
      const same = document.getElementById(`ref-${id}-${by < 0 ? 'up' : 'down'}`) as HTMLButtonElement | null;
      const other = document.getElementById(`ref-${id}-${by < 0 ? 'down' : 'up'}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  // The removed item's button vanishes with it: focus goes to the next item, else to "Choose files…".
  const remove = (id: string) => {
    const i = refs.findIndex((r) => r.id === id);
    const next = refs[i + 1] ?? refs[i - 1];
    references.remove(id);
    requestAnimationFrame(() => (next ? document.getElementById(`ref-${next.id}-remove`) : chooseButton.current)?.focus());
  };

  const addLink = () => {
    if (references.addUrl(link)) setLink('');
  };

  return (
    <fieldset className="refs" id="image-field-refs" tabIndex={-1} aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}>
      <legend>{t('refs.legend')}</legend>
      <p id={hintId} className="hint">
        {native ? t('refs.hintNative', { limit: f.number(limit) }) : t('refs.hint', { limit: f.number(limit) })}
      </p>
      <div
        className={`dropzone${dragging || references.intake.over ? ' dropzone-active use-in-drop-active' : ''}`}
        onDragOver={(e) => {
          if (references.intake.onDragOver(e)) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          references.intake.onDragLeave(e);
          setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="image-dropzone"
      >
        <span>{t('refs.drop')}</span>
        <button type="button" className="button" ref={chooseButton} onClick={() => picker.current?.click()}>
          {t('refs.choose')}
        </button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void references.addFiles(files);
          }}
        />
      </div>
      {!native && (
        <div className="ref-link">
          <TextField
            label={t('refs.linkLabel')}
            type="url"
            placeholder="https://example.com/photo.jpg"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addLink();
              }
            }}
          />
          <button type="button" className="button" onClick={addLink}>
            {t('refs.addLink')}
          </button>
        </div>
      )}
      <IntakeNotice notice={references.intake.notice} />
      {references.busy > 0 && (
        <p role="status" className="hint">
          {t('refs.adding', { count: references.busy })}
        </p>
      )}
      {refs.length > 0 && (
        <ol className="ref-list" aria-label={t('refs.listLabel')}>
          {refs.map((r, i) => {
            const itemError = errors[`ref:${r.id}`];
            const name = refLabel(r);
            return (
              <li key={r.id} className="ref-item" aria-label={`${i + 1}. ${name}`} aria-describedby={itemError ? `ref-${r.id}-error` : undefined} data-invalid={itemError ? true : undefined}>
                {r.kind === 'file' && r.thumb ? (
                  <img className="ref-thumb" src={r.thumb} alt="" />
                ) : (
                  <span className="ref-thumb ref-thumb-none" aria-hidden="true">
                    {r.kind === 'url' ? t('refs.thumbLink') : t('refs.thumbFile')}
                  </span>
                )}
                <div className="ref-text">
                  <span className="ref-name" title={name}>
                    {name}
                  </span>
                  <span className="hint">{describe(r, t, f)}</span>
                  {itemError && (
                    <span id={`ref-${r.id}-error`} className="field-error">
                      {itemError}
                    </span>
                  )}
                </div>
                <div className="ref-actions">
                  <button type="button" id={`ref-${r.id}-up`} className="icon-button" aria-label={t('refs.moveUp', { name })} disabled={i === 0} onClick={() => move(r.id, -1)}>
                    ↑
                  </button>
                  <button type="button" id={`ref-${r.id}-down`} className="icon-button" aria-label={t('refs.moveDown', { name })} disabled={i === refs.length - 1} onClick={() => move(r.id, 1)}>
                    ↓
                  </button>
                  <button type="button" id={`ref-${r.id}-remove`} className="icon-button button-danger" aria-label={t('refs.remove', { name })} onClick={() => remove(r.id)}>
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
