/**
 * The latest video job of the tab: live state and progress while it runs, then the saved clip
 * playing from the library, with the prompt as sent beside the model's rewrite (`actual_prompt`,
 * multipart route). Usage is shown in seconds of video; money only if the host recorded a cost.
 */
import type { TaskView } from '../../../../shared/contract/index.js';
import { EMPTY, errorMessage, useCall } from '../../api/client.js';
import { formatCost } from '../../components/generator/usage-line.js';
import { mediaSrc } from '../../components/generator/media-src.js';
import { useWatchedTask } from './use-watched-task.js';

const STATE_TEXT: Record<TaskView['state'], string> = {
  submitting: 'Submitting…',
  unknown: 'Submission unconfirmed',
  queued: 'Queued at the gateway…',
  running: 'Rendering…',
  completed: 'Finished: saving to the library…',
  saved: 'Ready',
  failed: 'Failed',
  timed_out: 'Still not ready',
  expired: 'Link expired before it was saved',
  cancelled: 'Stopped',
};

const KEPT = 'Your prompt and settings are still in the form: adjust them and press Generate video again.';

function nextStep(task: TaskView): string | undefined {
  if (task.state === 'failed' || task.state === 'expired') return KEPT;
  if (task.state === 'timed_out' || task.state === 'unknown') return 'Open the Tasks tab to check it again, or to retry it.';
  return undefined;
}

function requestedSeconds(task: TaskView): number | undefined {
  const n = Number(task.params.duration ?? task.params.seconds);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function SavedVideo({ libraryId, task }: { libraryId: string; task: TaskView }) {
  const item = useCall('library.get', { id: libraryId });
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  if (item.isError) return <p className="field-error">{errorMessage(item.error)}</p>;
  if (!item.data || mediaBase === undefined) return <p className="muted">Loading the saved clip…</p>;
  const seconds = item.data.durationSeconds ?? requestedSeconds(task);
  const poster = item.data.thumb ? mediaSrc(mediaBase, item.data.thumb) : undefined;
  return (
    <>
      <video controls preload="metadata" src={mediaSrc(mediaBase, item.data.file)} poster={poster} aria-label="Generated video" />
      <p className="gen-facts" data-testid="video-usage">
        {seconds !== undefined && <span>Usage: {Math.round(seconds * 10) / 10} s of video</span>}
        {item.data.width !== undefined && item.data.height !== undefined && (
          <span>
            {item.data.width}×{item.data.height}
          </span>
        )}
        {item.data.cost && <span>Cost {formatCost(item.data.cost)}</span>}
        <span>Saved to the gallery</span>
      </p>
    </>
  );
}

export function VideoResult({ taskId, seed }: { taskId: string; seed?: TaskView }) {
  const task = useWatchedTask(taskId, seed);
  if (task === undefined) return null;
  if (task === null) {
    return (
      <section className="gen-result" aria-label="Latest video">
        <p className="muted">The last video job is no longer in the task list; find its clip in the Gallery.</p>
      </section>
    );
  }
  const libraryId = task.downloads.find((d) => d.libraryId)?.libraryId;
  const step = nextStep(task);
  const active = task.state === 'queued' || task.state === 'running' || task.state === 'submitting' || task.state === 'completed';
  return (
    <section className="gen-result" aria-label="Latest video" data-testid="video-result">
      <div className="video-result-head">
        <h3>Latest video</h3>
        <span className="badge" data-state={task.state} role="status">
          {STATE_TEXT[task.state]}
          {task.state === 'running' && task.progress !== undefined ? ` ${Math.round(task.progress)}%` : ''}
        </span>
      </div>
      {active && <progress max={100} value={task.progress} aria-label="Progress" />}
      {task.error && (
        <div className="gen-failure" role="alert">
          <strong>{task.error}</strong>
          {step && <span>{step}</span>}
        </div>
      )}
      {!task.error && step && <p className="muted">{step}</p>}
      {libraryId && <SavedVideo key={libraryId} libraryId={libraryId} task={task} />}
      <div className="video-prompts">
        <figure>
          <figcaption>Your prompt</figcaption>
          <blockquote data-testid="original-prompt">{task.prompt}</blockquote>
        </figure>
        <figure>
          <figcaption>Prompt the model used</figcaption>
          {task.actualPrompt ? (
            <blockquote data-testid="actual-prompt">{task.actualPrompt}</blockquote>
          ) : (
            <p className="muted">
              {task.route === 'multipart' && active ? 'Shown when the model has rewritten it.' : 'This model does not report a rewritten prompt.'}
            </p>
          )}
        </figure>
      </div>
      <p className="gen-facts">
        <span>{task.model}</span>
        {Object.entries(task.params)
          .filter(([k]) => k !== 'model' && k !== 'prompt')
          .map(([k, v]) => (
            // A starting image's link is long and says little: its presence is what matters.
            <span key={k}>{k === 'image_url' ? 'from a starting image' : `${k.replace('_', ' ')}: ${String(v)}`}</span>
          ))}
      </p>
    </section>
  );
}
