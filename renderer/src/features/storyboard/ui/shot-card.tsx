/**
 * One shot of the open board: its picture (generated, or taken from the Gallery), the video made
 * from it, its narration line, the stages the host reports, and the buttons that reorder, copy
 * and remove it (Alt+↑ / Alt+↓ anywhere in the card move it too).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyboardEvent } from 'react';
import { IMAGE_MODELS, SPEECH_LIMITS, SPEECH_VOICES } from '@shared/gateway/catalog.js';
import { STORYBOARD_VIDEO_MODELS, type Shot, type ShotView } from '@shared/contract/storyboard.js';
import { Field } from '../../../components/Field.js';
import { SelectField } from '../../../components/generator/select-field.js';
import { DEFAULT_NARRATION, DEFAULT_IMAGE_MODEL, videoSpec } from '../model/shot-list.js';
import { GalleryChoice } from './gallery-choice.js';
import { StageStrip } from './stage-strip.js';

const imageModels = Object.keys(IMAGE_MODELS).map((m) => ({ value: m, label: m }));
const videoModels = STORYBOARD_VIDEO_MODELS.map((m) => ({ value: m, label: m }));
const voices = Object.keys(SPEECH_VOICES).map((v) => ({ value: v, label: v }));

/** A failed job is made again as a new, paid one: asked before it is sent (the contract's retryShot). */
function RetryShot({ busy, onRetry }: { busy: boolean; onRetry(): void }) {
  const { t } = useTranslation('storyboard');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className="sb-retry">
        <button type="button" className="button" disabled={busy} onClick={() => setAsking(true)}>{t('shot.retry')}</button>
      </div>
    );
  }
  return (
    <div className="sb-retry" role="group" aria-label={t('shot.retry')}>
      <span>{t('shot.retryNote')}</span>
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onRetry();
        }}
      >
        {t('shot.retryYes')}
      </button>
      <button type="button" className="button" autoFocus onClick={() => setAsking(false)}>{t('shot.retryNo')}</button>
    </div>
  );
}

export interface ShotCardProps {
  shot: Shot;
  /** The host's view of this shot (its stages), once it has been saved. */
  view: ShotView | undefined;
  index: number;
  count: number;
  boardRatio: string;
  /** The host's refusal of this shot, in words. */
  error?: string;
  busy: boolean;
  onChange(shot: Shot): void;
  onMove(by: -1 | 1): void;
  onDuplicate(): void;
  onRemove(): void;
  onRetry(): void;
}

export function ShotCard({ shot, view, index, count, boardRatio, error, busy, onChange, onMove, onDuplicate, onRemove, onRetry }: ShotCardProps) {
  const { t } = useTranslation('storyboard');
  const n = index + 1;
  const spec = videoSpec(shot.video.model);
  const failed = view && Object.values(view.stages).some((s) => s.state === 'failed');
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    onMove(e.key === 'ArrowUp' ? -1 : 1);
  };
  const picture = shot.picture;
  return (
    <li className="sb-shot" tabIndex={-1} data-testid="shot" data-shot-id={shot.id} onKeyDown={onKeyDown} aria-labelledby={`${shot.id}-heading`} aria-describedby={`${shot.id}-keys`}>
      <header className="sb-shot-head">
        <h4 id={`${shot.id}-heading`}>{t('shot.heading', { n })}</h4>
        <span id={`${shot.id}-keys`} className="sr-only">{t('shot.keys')}</span>
        <div className="sb-shot-actions">
          <button type="button" className="button" data-focus="up" disabled={index === 0} onClick={() => onMove(-1)}>{t('shot.moveUp')}</button>
          <button type="button" className="button" data-focus="down" disabled={index === count - 1} onClick={() => onMove(1)}>{t('shot.moveDown')}</button>
          <button type="button" className="button" onClick={onDuplicate}>{t('shot.duplicate')}</button>
          <button type="button" className="button button-danger" onClick={onRemove}>{t('shot.remove')}</button>
        </div>
      </header>
      {error && <p className="field-error" role="alert" data-testid="shot-error">{error}</p>}
      <div className="sb-shot-body">
        <fieldset className="sb-part">
          <legend>{t('picture.legend')}</legend>
          <SelectField
            label={t('picture.source')}
            value={picture.source}
            options={[{ value: 'generate', label: t('picture.generate') }, { value: 'library', label: t('picture.library') }]}
            onChange={(source) =>
              onChange({ ...shot, picture: source === 'library' ? { source: 'library', itemId: '' } : { source: 'generate', model: DEFAULT_IMAGE_MODEL, prompt: '' } })
            }
          />
          {picture.source === 'generate' ? (
            <>
              <SelectField label={t('picture.model')} value={picture.model} options={imageModels} onChange={(model) => onChange({ ...shot, picture: { ...picture, model } })} />
              <Field label={t('picture.prompt')}>
                {(c) => <textarea {...c} rows={3} data-focus="prompt" value={picture.prompt} onChange={(e) => onChange({ ...shot, picture: { ...picture, prompt: e.target.value } })} />}
              </Field>
            </>
          ) : (
            <GalleryChoice itemId={picture.itemId} onPick={(itemId) => onChange({ ...shot, picture: { source: 'library', itemId } })} />
          )}
        </fieldset>
        <fieldset className="sb-part">
          <legend>{t('video.legend')}</legend>
          <SelectField
            label={t('video.model')}
            value={shot.video.model}
            options={videoModels}
            onChange={(model) => onChange({ ...shot, video: { ...shot.video, model, durationSeconds: videoSpec(model).duration.default, aspectRatio: undefined } })}
          />
          <Field label={t('video.prompt')} hint={t('video.promptHint')}>
            {(c) => <textarea {...c} rows={2} value={shot.video.prompt ?? ''} onChange={(e) => onChange({ ...shot, video: { ...shot.video, prompt: e.target.value || undefined } })} />}
          </Field>
          <div className="sb-row">
            <Field label={t('video.duration')} hint={t('video.durationHint', { min: spec.duration.min, max: spec.duration.max })}>
              {(c) => (
                <input
                  {...c}
                  type="number"
                  min={spec.duration.min}
                  max={spec.duration.max}
                  step={1}
                  value={shot.video.durationSeconds}
                  onChange={(e) => onChange({ ...shot, video: { ...shot.video, durationSeconds: Math.trunc(Number(e.target.value)) || 0 } })}
                />
              )}
            </Field>
            <SelectField
              label={t('video.ratio')}
              value={shot.video.aspectRatio ?? ''}
              options={[{ value: '', label: t('video.boardRatio', { ratio: boardRatio }) }, ...spec.aspectRatios.map((r) => ({ value: r, label: r }))]}
              onChange={(r) => onChange({ ...shot, video: { ...shot.video, aspectRatio: r || undefined } })}
            />
          </div>
        </fieldset>
        <fieldset className="sb-part">
          <legend>{t('narration.legend')}</legend>
          <label className="sb-check">
            <input type="checkbox" checked={shot.narration !== null} onChange={(e) => onChange({ ...shot, narration: e.target.checked ? { ...DEFAULT_NARRATION } : null })} />
            {t('narration.on')}
          </label>
          {shot.narration && (
            <>
              <Field label={t('narration.text')}>
                {(c) => <textarea {...c} rows={2} value={shot.narration?.text ?? ''} onChange={(e) => onChange({ ...shot, narration: { ...shot.narration!, text: e.target.value } })} />}
              </Field>
              <div className="sb-row">
                <SelectField label={t('narration.voice')} value={shot.narration.voice} options={voices} onChange={(voice) => onChange({ ...shot, narration: { ...shot.narration!, voice: voice as keyof typeof SPEECH_VOICES } })} />
                <Field label={t('narration.speed')}>
                  {(c) => (
                    <input
                      {...c}
                      type="number"
                      min={SPEECH_LIMITS.speed.min}
                      max={SPEECH_LIMITS.speed.max}
                      step={0.05}
                      value={shot.narration?.speed ?? 1}
                      onChange={(e) => onChange({ ...shot, narration: { ...shot.narration!, speed: Number(e.target.value) || 0 } })}
                    />
                  )}
                </Field>
              </div>
            </>
          )}
        </fieldset>
      </div>
      {view && <StageStrip shot={view} n={n} />}
      {failed && <RetryShot busy={busy} onRetry={onRetry} />}
    </li>
  );
}
