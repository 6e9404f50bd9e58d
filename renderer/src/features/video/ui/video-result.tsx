/**
 * One video job of the tab: live state and progress while it runs, then the saved clip playing
 * from the library in its own shape (a landscape clip is a wide tile, never a square), with the
 * prompt as sent beside the model's rewrite (`actual_prompt`, multipart route). Usage is shown in
 * seconds of video; money only if the host recorded a cost. The clip also opens in the lightbox.
 */
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LibraryItemView, TaskView } from '@shared/contract/index.js';
import { EMPTY, errorMessage, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { SizeNote } from '../../../components/generator/size-note.js';
import { isGenerating, queueStateText } from '../../../components/generator/job-state.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useTileExtras } from '../../../components/use-in/tile-extras.js';
import { useWatchedTask } from '../model/use-watched-task.js';

type T = TFunction<['video', 'generator']>;

function stateText(state: TaskView['state'], t: T, g: TFunction<'generator'>): string {
  switch (state) {
    case 'waiting':
    case 'submitting':
    case 'queued':
      return queueStateText(state, g)!;
    case 'timed_out':
      return t('state.timedOut');
    default:
      return t(`state.${state}`);
  }
}

function nextStep(task: TaskView, t: T): string | undefined {
  if (task.state === 'failed' || task.state === 'expired') return t('result.kept');
  if (task.state === 'timed_out' || task.state === 'unknown') return t('result.checkTasks');
  if (task.state === 'attention') return t('result.saveInTasks');
  return undefined;
}

/** A request parameter as the result shows it: its name in words, booleans as yes or no. */
const PARAM_NAMES: Record<string, 'duration' | 'aspectRatio' | 'seconds' | 'size' | 'watermark'> = {
  duration: 'duration',
  aspect_ratio: 'aspectRatio',
  seconds: 'seconds',
  size: 'size',
  watermark: 'watermark',
};

function paramText(name: string, value: unknown, t: T): string {
  // A starting image's link is long and says little: its presence is what matters.
  if (name === 'image_url') return t('result.fromImage');
  const known = PARAM_NAMES[name];
  const text = String(value);
  return t('result.param', {
    name: known ? t(`result.params.${known}`) : name.replace('_', ' '),
    value: text === 'true' ? t('result.values.yes') : text === 'false' ? t('result.values.no') : text,
  });
}

function requestedSeconds(task?: TaskView): number | undefined {
  if (!task) return undefined;
  const n = Number(task.params.duration ?? task.params.seconds);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The player's size: the clip's own ratio, at most 60% of the window's height. */
function playerStyle(item: LibraryItemView) {
  if (!item.width || !item.height) return undefined;
  const ratio = item.width / item.height;
  return { aspectRatio: `${item.width} / ${item.height}`, width: `min(100%, calc(60vh * ${ratio.toFixed(4)}))` };
}

function SavedVideo({ libraryId, task, onOpen }: { libraryId: string; task?: TaskView; onOpen(item: LibraryItemView): void }) {
  const { t } = useTranslation(['video', 'generator']);
  const item = useCall('library.get', { id: libraryId });
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  if (item.isError) return <p className="field-error">{item.error.code === 'not_found' ? t('result.deleted') : errorMessage(item.error)}</p>;
  if (!item.data || mediaBase === undefined) return <p className="muted">{t('result.loadingClip')}</p>;
  return <VideoTile item={item.data} task={task} mediaBase={mediaBase} onOpen={onOpen} />;
}

function VideoTile({ item, task, mediaBase, onOpen }: { item: LibraryItemView; task?: TaskView; mediaBase: string; onOpen(item: LibraryItemView): void }) {
  const { t } = useTranslation(['video', 'generator']);
  const f = useFormats();
  const extras = useTileExtras(item);
  const seconds = item.durationSeconds ?? requestedSeconds(task);
  const poster = item.thumb ? mediaUrl(mediaBase, item.thumb) : undefined;
  const sandboxUrl = useCall('app.info', EMPTY).data?.sandboxUrl;
  return (
    <figure className="video-tile" data-item-id={item.id} {...extras.props}>
      <video controls preload="metadata" src={mediaUrl(mediaBase, item.file)} poster={poster} aria-label={t('result.player')} style={playerStyle(item)} />
      <figcaption className="gen-facts" data-testid="video-usage">
        {seconds !== undefined && <span>{t('result.usage', { seconds: f.number(Math.round(seconds * 10) / 10) })}</span>}
        {item.width !== undefined && item.height !== undefined && (
          <span>
            {item.width}×{item.height}
          </span>
        )}
        {item.cost && <span>{t('generator:usage.cost', { amount: f.cost(item.cost.amount, item.cost.currency) })}</span>}
        <span>{t('generator:status.savedToGallery')}</span>
      </figcaption>
      <SizeNote item={item} sandboxUrl={sandboxUrl} />
      <button type="button" className="button video-open" onClick={() => onOpen(item)}>
        {t('result.openLarger')}
      </button>
      {extras.children}
    </figure>
  );
}

interface VideoResultProps {
  taskId: string;
  seed?: TaskView;
  /** The newest of the tab's jobs is "Latest video"; the others are earlier ones. */
  latest: boolean;
  /** The clip's library id the run kept once its job was saved (use-video-runs.ts). */
  saved?: string;
  /** The job is saved: the run keeps its clip's id. */
  onSaved?(libraryId: string): void;
  onOpen(item: LibraryItemView): void;
}

export function VideoResult({ taskId, seed, latest, saved, onSaved, onOpen }: VideoResultProps) {
  const { t } = useTranslation(['video', 'generator']);
  const { t: g } = useTranslation('generator');
  const say = useMessageText();
  const f = useFormats();
  const task = useWatchedTask(taskId, seed);
  const libraryId = task?.downloads.find((d) => d.libraryId)?.libraryId;
  const done = task?.state === 'saved' ? libraryId : undefined;
  useEffect(() => {
    if (done && done !== saved) onSaved?.(done);
  }, [done, saved, onSaved]);
  if (task === undefined) return null;
  if (task === null) {
    // No longer in the task list (moved to its archive, or removed): the clip it saved, if known.
    return (
      <section className="gen-result" aria-label={latest ? t('result.region') : t('result.earlier')}>
        {saved && <h3>{latest ? t('result.heading') : t('result.earlier')}</h3>}
        {saved && <SavedVideo key={saved} libraryId={saved} onOpen={onOpen} />}
        <p className="muted">{t(saved ? 'result.goneSaved' : 'result.gone')}</p>
      </section>
    );
  }
  const step = nextStep(task, t);
  // Until its clip is saved: "completed" is the gateway's result on its way into the library.
  const active = isGenerating(task.state) || task.state === 'completed';
  return (
    <section className="gen-result" aria-label={latest ? t('result.region') : t('result.earlier')} data-testid="video-result">
      <div className="video-result-head">
        <h3>{latest ? t('result.heading') : t('result.earlier')}</h3>
        <span className="badge" data-state={task.state} role="status">
          {stateText(task.state, t, g)}
          {task.state === 'running' && task.progress !== undefined ? ` ${f.percent(Math.round(task.progress) / 100)}` : ''}
        </span>
      </div>
      {active && <progress max={100} value={task.progress} aria-label={t('result.progress')} />}
      {task.error && (
        <div className="gen-failure" role="alert">
          {/* The host's words about the failure, in the language shown. */}
          <strong>{say(task.error)}</strong>
          {step && <span>{step}</span>}
        </div>
      )}
      {!task.error && step && <p className="muted">{step}</p>}
      {libraryId && <SavedVideo key={libraryId} libraryId={libraryId} task={task} onOpen={onOpen} />}
      <div className="video-prompts">
        <figure>
          <figcaption>{t('result.yourPrompt')}</figcaption>
          <blockquote className="gen-quote" data-testid="original-prompt">{task.prompt}</blockquote>
        </figure>
        <figure>
          <figcaption>{t('result.usedPrompt')}</figcaption>
          {task.actualPrompt ? (
            <blockquote className="gen-quote" data-testid="actual-prompt">{task.actualPrompt}</blockquote>
          ) : (
            <p className="muted">
              {task.route === 'multipart' && active ? t('result.rewriteLater') : t('result.noRewrite')}
            </p>
          )}
        </figure>
      </div>
      <p className="gen-facts">
        <span>{task.model}</span>
        {Object.entries(task.params)
          .filter(([k]) => k !== 'model' && k !== 'prompt')
          .map(([k, v]) => (
            <span key={k}>{paramText(k, v, t)}</span>
          ))}
      </p>
    </section>
  );
}
