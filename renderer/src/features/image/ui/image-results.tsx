/**
 * The tab's results, newest first: an asynchronous run shows its job's progress live and then
 * each image as soon as the library has it; a native run shows its image(s), the model's text,
 * why it stopped when that was not a normal stop, and its token usage. A compare row shows one
 * column per model, side by side, each with its own outcome; one may be kept in focus. Any
 * image opens in the lightbox.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TaskView } from '@shared/contract/tasks.js';
import { UsageLine } from '../../../components/generator/usage-line.js';
import { isGenerating, queueStateText } from '../../../components/generator/job-state.js';
import { useFormats, type Formats } from '../../../i18n/format.js';
import { messageText, useMessageText } from '../../../i18n/messages.js';
import { PendingTile, SavedTile, type OpenItem } from './result-tile.js';
import type { Cell, ImageRuns, Jobs, Outcome, Run } from '../model/use-image-runs.js';

/** A job's state in words; its error, when it has one, is the host's, in the language shown. */
function jobState(task: TaskView, t: TFunction<'image'>, g: TFunction<'generator'>, f: Formats): string {
  const files = task.downloads.length;
  const saved = task.downloads.filter((d) => d.libraryId).length;
  switch (task.state) {
    case 'waiting':
    case 'submitting':
    case 'queued':
      return queueStateText(task.state, g)!;
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

const BAD: readonly TaskView['state'][] = ['failed', 'timed_out', 'expired', 'unknown', 'attention'];

/** Placeholders while a job runs: as many as asked for, in the shape asked for. */
function placeholders(cell: Cell, saved: number): number {
  const n = Number(cell.n);
  return Number.isInteger(n) && n > saved ? Math.min(n, 15) - saved : 0;
}

/** A job the task list has let go: the images it saved, as the run kept them (use-image-runs.ts). */
function GoneCell({ cell, base, onOpen }: { cell: Cell; base: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const saved = cell.outcome.kind === 'async' ? cell.outcome.saved : undefined;
  if (!saved?.length) return <p className="hint" data-testid="run-state">{t('results.jobGone')}</p>;
  return (
    <div className="run-job">
      <p className="run-state" data-testid="run-state">{t('job.saved', { count: saved.length })}</p>
      <div className="result-grid">
        {saved.map((id) => (
          <SavedTile key={id} id={id} base={base} ratio={cell.size} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}

function AsyncCell({ cell, jobs, base, onOpen }: { cell: Cell; jobs: Jobs; base: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const { t: g } = useTranslation('generator');
  const f = useFormats();
  if (jobs === 'loading') return <PendingTile ratio={cell.size} />;
  if (jobs === 'gone') return <GoneCell cell={cell} base={base} onOpen={onOpen} />;
  return (
    <>
      {jobs.map((job) => {
        const running = isGenerating(job.state);
        return (
          <div key={job.id} className="run-job">
            <p className={BAD.includes(job.state) ? 'field-error' : 'run-state'} data-testid="run-state">
              {jobState(job, t, g, f)}
            </p>
            {running && (
              <progress max={100} value={job.state === 'running' && job.progress !== undefined ? job.progress : undefined} aria-label={t('results.progress')} />
            )}
            <div className="result-grid">
              {job.downloads.map((d, i) =>
                d.libraryId ? (
                  <SavedTile key={d.libraryId} id={d.libraryId} base={base} ratio={cell.size} onOpen={onOpen} />
                ) : (
                  <PendingTile key={`pending-${i}`} ratio={cell.size} />
                ),
              )}
              {running && jobs.length === 1 && Array.from({ length: placeholders(cell, job.downloads.length) }, (_, i) => <PendingTile key={`asked-${i}`} ratio={cell.size} />)}
            </div>
          </div>
        );
      })}
    </>
  );
}

function NativeCell({ outcome, base, onOpen }: { outcome: Extract<Outcome, { kind: 'native' }>; base: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const say = useMessageText();
  return (
    <>
      {outcome.itemIds.length > 0 && (
        <div className="result-grid">
          {outcome.itemIds.map((id) => (
            <SavedTile key={id} id={id} base={base} onOpen={onOpen} />
          ))}
        </div>
      )}
      {outcome.text && (
        <p className="native-text" data-testid="native-text" dir="auto">
          {outcome.text}
        </p>
      )}
      {(outcome.notice || outcome.finishReason !== 'STOP') && (
        <p className="notice" role="note">
          {/* The finish reason is the model's own token (SAFETY…); the notice is the host's words. */}
          <strong>{t('results.stopped', { reason: outcome.finishReason })}</strong> {outcome.notice && say(outcome.notice)}
        </p>
      )}
      <UsageLine usage={outcome.usage} />
    </>
  );
}

function CellBody({ cell, runs, base, onOpen }: { cell: Cell; runs: ImageRuns; base: string; onOpen: OpenItem }) {
  const { t } = useTranslation('image');
  const say = useMessageText();
  const o = cell.outcome;
  switch (o.kind) {
    case 'pending':
      return (
        <>
          <p className="run-state" data-testid="run-state">{t('results.sending')}</p>
          <div className="result-grid">
            <PendingTile ratio={cell.size} />
          </div>
        </>
      );
    case 'interrupted':
      return <p className="hint" data-testid="run-state">{t('results.interrupted')}</p>;
    case 'refused':
      return (
        <p className="field-error" data-testid="run-state">
          {say(o.refusal)}
        </p>
      );
    case 'native':
      return <NativeCell outcome={o} base={base} onOpen={onOpen} />;
    case 'async':
      return <AsyncCell cell={cell} jobs={runs.jobsOf(o)} base={base} onOpen={onOpen} />;
  }
}

/** The settings a cell was sent with, as a short line under its model's name. */
function settingsText(cell: Cell, t: TFunction<'image'>): string {
  if (!cell.size) return '';
  return t('results.settings', { size: cell.size, resolution: cell.resolution ?? '', count: Number(cell.n) || 1 });
}

interface RunProps {
  run: Run;
  runs: ImageRuns;
  base: string;
  onOpen: OpenItem;
  /** "Keep this one": the cell's model and settings go to the form. */
  onKeep(run: Run, cell: Cell): void;
}

export function RunView({ run, runs, base, onOpen, onKeep }: RunProps) {
  const { t } = useTranslation('image');
  if (!run.compare) {
    const cell = run.cells[0];
    return (
      <article className="run" aria-label={`${cell.model}: ${run.prompt}`} data-testid="image-run" data-run={run.key}>
        <header className="run-head">
          <strong>{cell.model}</strong>
          <span className="run-prompt" dir="auto">{run.prompt}</span>
          <span className="hint run-settings">{settingsText(cell, t)}</span>
        </header>
        <CellBody cell={cell} runs={runs} base={base} onOpen={onOpen} />
      </article>
    );
  }
  return (
    <article className="run run-compare" aria-label={t('compare.rowLabel', { prompt: run.prompt })} data-testid="image-run" data-run={run.key} data-kept={run.kept ? '' : undefined}>
      <header className="run-head">
        <strong>{t('compare.rowTitle')}</strong>
        <span className="run-prompt" dir="auto">{run.prompt}</span>
      </header>
      <div className="compare-row">
        {run.cells.map((cell) => {
          const kept = run.kept === cell.model;
          return (
            <section
              key={cell.model}
              className="compare-cell"
              aria-label={cell.model}
              data-testid="compare-cell"
              data-kept={kept || undefined}
              data-dimmed={(run.kept !== undefined && !kept) || undefined}
            >
              <header className="compare-cell-head">
                <strong>{cell.model}</strong>
                {kept && <span className="badge">{t('compare.kept')}</span>}
                <span className="hint">{settingsText(cell, t)}</span>
              </header>
              <CellBody cell={cell} runs={runs} base={base} onOpen={onOpen} />
              <button type="button" className="button compare-keep" aria-pressed={kept} onClick={() => onKeep(run, cell)}>
                {t('compare.keep')}
              </button>
            </section>
          );
        })}
      </div>
    </article>
  );
}
