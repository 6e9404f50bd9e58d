/**
 * The tab's results, newest first: an asynchronous run shows its job's progress live and then
 * each image as soon as the library has it; a native run shows its image(s), the model's text,
 * why it stopped when that was not a normal stop, and its token usage. Any image opens full size.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { EMPTY, useCall } from '../../api/client.js';
import type { LibraryItemView } from '../../../../shared/contract/library.js';
import type { TaskView } from '../../../../shared/contract/tasks.js';
import { UsageLine } from '../../components/generator/usage-line.js';
import type { Run } from './use-image-runs.js';

/** Library paths are relative and may hold any character: each segment is encoded on its own. */
export const mediaUrl = (base: string, path: string) => base + path.split('/').map(encodeURIComponent).join('/');

function jobState(t: TaskView): string {
  const files = t.downloads.length;
  const saved = t.downloads.filter((d) => d.libraryId).length;
  switch (t.state) {
    case 'submitting':
      return 'Submitting…';
    case 'queued':
      return 'Queued at the gateway…';
    case 'running':
      return t.progress === undefined ? 'Generating…' : `Generating — ${Math.round(t.progress)}%`;
    case 'completed':
      return files ? `Saving ${saved} of ${files} images…` : 'Completed — saving…';
    case 'saved':
      return `Saved ${saved} image${saved === 1 ? '' : 's'} to your library`;
    case 'failed':
      return `Failed: ${t.error ?? 'the gateway gave no reason.'} Your draft is kept; adjust it and generate again.`;
    case 'timed_out':
      return 'Still not finished after the usual wait: check it again from the Tasks tab.';
    case 'expired':
      return 'The result links expired before they could be saved.';
    case 'cancelled':
      return 'Stopped tracking (from the Tasks tab).';
    case 'unknown':
      return t.error ?? 'The fate of this job is unknown; see the Tasks tab.';
  }
}

interface ThumbProps {
  item: LibraryItemView;
  base: string;
  onOpen(item: LibraryItemView): void;
}

function ResultImage({ item, base, onOpen }: ThumbProps) {
  return (
    <figure className="result-image">
      <button type="button" className="result-open" aria-label={`Open full size: ${item.prompt}`} onClick={() => onOpen(item)}>
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
  return (
    <>
      {jobs.map((t) => {
        const running = t.state === 'queued' || t.state === 'running' || t.state === 'submitting';
        const bad = ['failed', 'timed_out', 'expired', 'unknown'].includes(t.state);
        return (
          <div key={t.id} className="run-job">
            <p className={bad ? 'field-error' : 'run-state'} data-testid="run-state">
              {jobState(t)}
            </p>
            {running && (
              <progress max={100} value={t.state === 'running' && t.progress !== undefined ? t.progress : undefined} aria-label="Job progress" />
            )}
            <div className="result-grid">
              {t.downloads.map((d, i) =>
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
  const base = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  return (
    <article className="run" aria-label={`${run.model}: ${run.prompt}`} data-testid="image-run">
      <header className="run-head">
        <strong>{run.model}</strong>
        <span className="run-prompt">{run.prompt}</span>
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
              <strong>Stopped: {run.result.finishReason}.</strong> {run.result.notice}
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
  const dialog = useRef<HTMLDialogElement>(null);
  const base = useCall('app.info', EMPTY).data?.mediaBase ?? '';
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => dialog.current?.close();
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => e.target === e.currentTarget && close();
  return (
    <dialog ref={dialog} className="image-viewer" aria-label="Full-size image" onClose={onClose} onClick={onBackdrop}>
      <div className="image-viewer-bar">
        <span className="run-prompt">{item.prompt}</span>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
      <img src={mediaUrl(base, item.file)} alt={item.prompt} />
    </dialog>
  );
}
