/**
 * The tab's results, newest first: an asynchronous run shows its job's progress live and then
 * each image as soon as the library has it; a native run shows its image(s), the model's text,
 * why it stopped when that was not a normal stop, and its token usage. Any image opens full size.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../../api/client.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import type { TaskView } from '@shared/contract/tasks.js';
import { UsageLine } from '../../components/generator/usage-line.js';
import { useFormats, type Formats } from '../../i18n/format.js';
import { messageText, useMessageText } from '../../i18n/messages.js';
import type { Run } from './use-image-runs.js';
import { mediaUrl } from '../../api/session.js';

/** Library paths are relative and may hold any character: each segment is encoded on its own. */

/** A job's state in words; its error, when it has one, is the host's, in the language shown. */
function jobState(task: TaskView, t: TFunction<['image', 'generator']>, f: Formats): string {
  const files = task.downloads.length;
  const saved = task.downloads.filter((d) => d.libraryId).length;
  switch (task.state) {
    case 'submitting':
      return t('generator:status.submitting');
    case 'queued':
      return t('generator:status.queued');
    case 'running':
      return task.progress === undefined ? t('job.generating') : t('job.generatingProgress', { percent: f.percent(Math.round(task.progress) / 100) });
    case 'completed':
      return files ? t('job.saving', { saved: f.number(saved), files: f.number(files) }) : t('job.completed');
    case 'saved':
      return t('job.saved', { count: saved });
    case 'failed':
      return t('job.failed', { reason: task.error ? messageText(task.error) : t('job.noReason') });
    case 'timed_out':
      return t('job.timedOut');
    case 'expired':
      return t('job.expired');
    case 'cancelled':
      return t('job.cancelled');
    case 'unknown':
      return task.error ? messageText(task.error) : t('job.unknown');
    case 'attention':
      return t('job.attention', { reason: task.error ? messageText(task.error) : '' });
  }
}

interface ThumbProps {
  item: LibraryItemView;
  base: string;
  onOpen(item: LibraryItemView): void;
}

function ResultImage({ item, base, onOpen }: ThumbProps) {
  const { t } = useTranslation('image');
  return (
    <figure className="result-image">
      <button type="button" className="result-open" aria-label={t('results.openFull', { prompt: item.prompt })} onClick={() => onOpen(item)}>
        <img src={mediaUrl(base, item.thumb ?? item.file)} alt={item.prompt} decoding="async" />
      </button>
      <figcaption className="hint">
        {item.width && item.height ? `${item.width} × ${item.height}` : item.mime}
        <UsageLine cost={item.cost} />
      </figcaption>
    </figure>
  );
}

/** A job's saved image, read from the library once the host says it is there. */
function SavedImage({ id, base, onOpen }: { id: string; base: string; onOpen(item: LibraryItemView): void }) {
  const item = useCall('library.get', { id });
  if (!item.data) return <div className="result-image result-pending" aria-hidden="true" />;
  return <ResultImage item={item.data} base={base} onOpen={onOpen} />;
}

function AsyncRun({ jobs, base, onOpen }: { jobs: TaskView[]; base: string; onOpen(item: LibraryItemView): void }) {
  const { t } = useTranslation(['image', 'generator']);
  const f = useFormats();
  return (
    <>
      {jobs.map((job) => {
        const running = job.state === 'queued' || job.state === 'running' || job.state === 'submitting';
        const bad = ['failed', 'timed_out', 'expired', 'unknown', 'attention'].includes(job.state);
        return (
          <div key={job.id} className="run-job">
            <p className={bad ? 'field-error' : 'run-state'} data-testid="run-state">
              {jobState(job, t, f)}
            </p>
            {running && (
              <progress max={100} value={job.state === 'running' && job.progress !== undefined ? job.progress : undefined} aria-label={t('results.progress')} />
            )}
            <div className="result-grid">
              {job.downloads.map((d, i) =>
                d.libraryId ? (
                  <SavedImage key={d.libraryId} id={d.libraryId} base={base} onOpen={onOpen} />
                ) : (
                  <div key={`pending-${i}`} className="result-image result-pending" aria-hidden="true" />
                ),
              )}
            </div>
          </div>
        );
      })}
    </>
  );
}

export function RunView({ run, jobs, onOpen }: { run: Run; jobs: TaskView[]; onOpen(item: LibraryItemView): void }) {
  const { t } = useTranslation('image');
  const say = useMessageText();
  const base = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  return (
    <article className="run" aria-label={`${run.model}: ${run.prompt}`} data-testid="image-run">
      <header className="run-head">
        <strong>{run.model}</strong>
        <span className="run-prompt" dir="auto">{run.prompt}</span>
      </header>
      {run.kind === 'async' ? (
        <AsyncRun jobs={jobs} base={base} onOpen={onOpen} />
      ) : (
        <>
          {run.result.items.length > 0 && (
            <div className="result-grid">
              {run.result.items.map((item) => (
                <ResultImage key={item.id} item={item} base={base} onOpen={onOpen} />
              ))}
            </div>
          )}
          {run.result.text && (
            <p className="native-text" data-testid="native-text">
              {run.result.text}
            </p>
          )}
          {(run.result.notice || run.result.finishReason !== 'STOP') && (
            <p className="notice" role="note">
              {/* The finish reason is the model's own token (SAFETY…); the notice is the host's words. */}
              <strong>{t('results.stopped', { reason: run.result.finishReason })}</strong> {run.result.notice && say(run.result.notice)}
            </p>
          )}
          <UsageLine usage={run.result.usage} />
        </>
      )}
    </article>
  );
}

/** Full size in a modal <dialog>: the browser traps focus, makes the page inert and closes on Esc. */
export function ImageViewer({ item, onClose }: { item: LibraryItemView; onClose(): void }) {
  const { t } = useTranslation(['image', 'common']);
  const dialog = useRef<HTMLDialogElement>(null);
  const base = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => dialog.current?.close();
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();
  return (
    <dialog ref={dialog} className="image-viewer" aria-label={t('results.viewer')} onClose={onClose} onClick={onBackdrop}>
      <div className="image-viewer-bar">
        <span className="run-prompt" dir="auto">{item.prompt}</span>
        <button type="button" className="button" onClick={close}>
          {t('common:close')}
        </button>
      </div>
      <img src={mediaUrl(base, item.file)} alt={item.prompt} />
    </dialog>
  );
}
