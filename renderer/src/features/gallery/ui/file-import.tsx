/**
 * "Add files…": the keyboard's way to bring files into the library (a drop onto the Gallery does
 * the same), with the progress of a run and its outcome: how many were added, and each file
 * skipped with the host's reason (docs/library-files.md, "Bringing files in").
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import type { ImportState } from '../model/use-file-import.js';

interface FileImportProps {
  state: ImportState;
  onFiles: (files: File[]) => void;
}

export function FileImport({ state, onFiles }: FileImportProps) {
  const { t } = useTranslation('gallery');
  const f = useFormats();
  const say = useMessageText();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const running = state.step === 'running';

  let status = '';
  if (state.step === 'running') status = t('import.progress', { done: f.number(state.done), total: f.number(state.total) });
  else if (state.step === 'done') status = t('import.result', { added: f.number(state.added), skipped: f.number(state.skipped.length) });

  return (
    <section className="gallery-import" aria-label={t('import.label')}>
      <button type="button" className="button" disabled={running} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {t('import.button')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept="image/*,video/*,audio/*"
        data-testid="gallery-import-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared, so choosing the same files again is a change too.
          e.target.value = '';
          onFiles(files);
        }}
      />
      <span id={hintId} className="muted gallery-import-hint">{t('import.hint')}</span>
      {running && <progress className="export-progress" value={state.done} max={Math.max(1, state.total)} aria-label={t('import.progressLabel')} />}
      <p role="status" className="gallery-import-status">{status}</p>
      {state.step === 'done' && state.skipped.length > 0 && (
        <ul className="gallery-import-skipped" aria-label={t('import.skippedLabel')}>
          {state.skipped.map((s, i) => (
            <li key={i}>{say(s.reason)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
