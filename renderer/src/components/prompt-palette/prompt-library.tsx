/**
 * The prompt library's management dialog (docs/prompts.md, "The library"): search and a tag
 * filter, new and edit (prompt-editor.tsx), delete with Undo, each prompt's results
 * (prompt-results.tsx), and import and export as JSON. An import's report names each prompt
 * skipped and why. Closing gives the focus back to the prompt field in use.
 */
import './strings.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_LIMITS, type ImportReport, type PromptView } from '@shared/contract/prompts.js';
import { call, errorMessage, useCall } from '../../api/client.js';
import { followDownload } from '../../api/follow-download.js';
import { useFormats } from '../../i18n/format.js';
import { messageText } from '../../i18n/messages.js';
import { fieldByKey, usePromptPalette } from './prompt-fields.js';
import { PromptEditor } from './prompt-editor.js';
import { PromptResults } from './prompt-results.js';
import { usePromptEvents } from './use-prompt-events.js';
import './prompt-palette.css';

type Note =
  | { kind: 'deleted'; prompt: PromptView }
  | { kind: 'imported'; report: ImportReport }
  | { kind: 'text'; text: string; error?: boolean };

export function PromptLibrary() {
  const { t } = useTranslation('prompts');
  const f = useFormats();
  usePromptEvents();
  const dialog = useRef<HTMLDialogElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState('');
  const [editing, setEditing] = useState<PromptView | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const list = useCall('prompts.list', { ...(query.trim() ? { query: query.trim() } : {}), ...(tag ? { tag } : {}), limit: 200 });
  const field = fieldByKey(usePromptPalette.getState().fieldKey);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const close = () => {
    usePromptPalette.getState().closeLibrary();
    const el = field?.element();
    if (el) requestAnimationFrame(() => el.focus());
  };

  const fail = (error: unknown) => setNote({ kind: 'text', text: errorMessage(error), error: true });

  const remove = async (p: PromptView) => {
    try {
      await call('prompts.remove', { id: p.id });
      setNote({ kind: 'deleted', prompt: p });
    } catch (error) {
      fail(error);
    }
  };

  const importFile = async (file: File) => {
    // Checked here too (the host's limit is in characters, at most 4 bytes each in UTF-8), so a
    // huge file is refused before it is read into the page.
    const max = PROMPT_LIMITS.importChars;
    const tooBig = () => setNote({ kind: 'text', text: t('library.fileTooBig', { size: f.fixed(file.size / 1e6, 1), max: f.fixed(max / 1e6, 1) }), error: true });
    if (file.size > max * 4) return tooBig();
    try {
      const text = await file.text();
      if (text.length > max) return tooBig();
      setNote({ kind: 'imported', report: await call('prompts.import', { text }) });
    } catch (error) {
      fail(error);
    }
  };

  const exportAll = async () => {
    try {
      const outcome = await call('prompts.export', {});
      if (outcome.outcome === 'cancelled') return;
      if (outcome.outcome === 'download') followDownload(outcome.url, outcome.name);
      setNote({ kind: 'text', text: t('library.exported', { count: outcome.count }) });
    } catch (error) {
      fail(error);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <dialog
      ref={dialog}
      className="prompt-library"
      aria-label={t('library.title')}
      onCancel={(e) => {
        e.preventDefault();
        if (editing) setEditing(null);
        else close();
      }}
    >
      <header className="prompt-library-head">
        <h2>{t('library.title')}</h2>
        <button type="button" className="button" onClick={close}>
          {t('library.close')}
        </button>
      </header>
      {editing ? (
        <PromptEditor
          prompt={editing === 'new' ? undefined : editing}
          field={field}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <div className="prompt-library-tools">
            <input type="search" aria-label={t('library.search')} placeholder={t('library.search')} value={query} autoFocus onChange={(e) => setQuery(e.target.value)} />
            <select aria-label={t('library.tagFilter')} value={tag} onChange={(e) => setTag(e.target.value)}>
              <option value="">{t('library.allTags')}</option>
              {(list.data?.tags ?? []).map((x) => (
                <option key={x} value={x}>{x}</option>
              ))}
            </select>
            <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
              {t('library.new')}
            </button>
            <button type="button" className="button" onClick={() => picker.current?.click()}>
              {t('library.import')}
            </button>
            <input
              ref={picker}
              type="file"
              accept="application/json,.json"
              hidden
              aria-label={t('library.import')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void importFile(file);
              }}
            />
            <button type="button" className="button" onClick={() => void exportAll()}>
              {t('library.export')}
            </button>
          </div>
          <LibraryNote note={note} onUndo={async (p) => {
            try {
              await call('prompts.restore', { id: p.id });
              setNote(null);
            } catch (error) {
              fail(error);
            }
          }} />
          <p className="hint">{t('library.count', { count: list.data?.total ?? 0 })}</p>
          <ul className="prompt-library-list">
            {items.map((p) => (
              <li key={p.id} className="prompt-library-item">
                <div className="prompt-library-item-head">
                  <strong dir="auto">{p.title}</strong>
                  {p.tags.map((x) => (
                    <span key={x} className="prompt-tag">{x}</span>
                  ))}
                  <span className="chat-composer-gap" />
                  <button type="button" className="button" aria-expanded={open === p.id} onClick={() => setOpen(open === p.id ? null : p.id)}>
                    {t('library.results')}
                  </button>
                  <button type="button" className="button" onClick={() => setEditing(p)} aria-label={`${t('library.edit')}: ${p.title}`}>
                    {t('library.edit')}
                  </button>
                  <button type="button" className="button button-danger" onClick={() => void remove(p)} aria-label={`${t('library.delete')}: ${p.title}`}>
                    {t('library.delete')}
                  </button>
                </div>
                <p className="prompt-palette-text" dir="auto">{p.text}</p>
                {p.description && <p className="hint" dir="auto">{p.description}</p>}
                {p.variables.length > 0 && <p className="hint">{t('library.variablesLine', { names: p.variables.join(', ') })}</p>}
                {open === p.id && <PromptResults id={p.id} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </dialog>
  );
}

function LibraryNote({ note, onUndo }: { note: Note | null; onUndo(p: PromptView): void }) {
  const { t } = useTranslation('prompts');
  if (!note) return <p role="status" className="prompt-library-note" />;
  if (note.kind === 'deleted') {
    return (
      <p role="status" className="prompt-library-note">
        {t('library.deleted', { title: note.prompt.title })}{' '}
        <button type="button" className="button" onClick={() => onUndo(note.prompt)}>
          {t('library.undo')}
        </button>
      </p>
    );
  }
  if (note.kind === 'text') return <p role={note.error ? 'alert' : 'status'} className={note.error ? 'form-error' : 'prompt-library-note'}>{note.text}</p>;
  const r = note.report;
  return (
    <div role="status" className="prompt-library-note" data-testid="prompt-import-report">
      <p>{t('library.imported', { added: r.added, updated: r.updated, unchanged: r.unchanged })}</p>
      {r.skipped.length > 0 && (
        <>
          <p>{t('library.skipped', { count: r.skipped.length })}</p>
          <ul>
            {r.skipped.map((s) => (
              <li key={s.index}>
                {t('library.skippedItem', { index: s.index + 1, title: s.title ? ` “${s.title}”` : '', reason: typeof s.reason === 'string' ? s.reason : messageText(s.reason) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
