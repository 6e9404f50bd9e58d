/**
 * A shot's three stages as the host reports them (docs/storyboards.md, "States"): each one's state,
 * the result once saved (played from the library, as the Gallery shows it) and the error once failed.
 */
import { useTranslation } from 'react-i18next';
import { STAGES, type ShotView, type StageName, type StageView } from '@shared/contract/storyboard.js';
import { EMPTY, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';
import { useMessageText } from '../../../i18n/messages.js';

function StageResult({ stage, itemId, label }: { stage: StageName; itemId: string; label: string }) {
  const item = useCall('library.get', { id: itemId }).data;
  const base = useCall('app.info', EMPTY).data?.mediaBase;
  if (!item || base === undefined) return null;
  const src = mediaUrl(base, item.file);
  if (stage === 'picture') return <img className="sb-stage-media" src={item.thumb ? mediaUrl(base, item.thumb) : src} alt={label} />;
  if (stage === 'video') return <video className="sb-stage-media" src={src} controls preload="metadata" aria-label={label} />;
  return <audio className="sb-stage-audio" src={src} controls preload="metadata" aria-label={label} />;
}

function Stage({ stage, view, n }: { stage: StageName; view: StageView; n: number }) {
  const { t } = useTranslation('storyboard');
  const say = useMessageText();
  const name = t(`stage.${stage}`);
  return (
    <li className="sb-stage" data-testid={`stage-${stage}`} data-state={view.state} data-item={view.itemId}>
      <span className={`badge sb-state sb-state-${view.state}`}>{t('stage.line', { stage: name, state: t(`stage.state.${view.state}`) })}</span>
      {view.state === 'done' && view.itemId && <StageResult stage={stage} itemId={view.itemId} label={t('stage.player', { stage: name, n })} />}
      {view.state === 'failed' && view.error && (
        <p className="field-error" role="note">
          {say(view.error)}
        </p>
      )}
    </li>
  );
}

export function StageStrip({ shot, n }: { shot: ShotView; n: number }) {
  return (
    <ul className="sb-stages">
      {STAGES.map((stage) => (stage === 'narration' && !shot.narration && shot.stages.narration.state === 'idle' ? null : <Stage key={stage} stage={stage} view={shot.stages[stage]} n={n} />))}
    </ul>
  );
}
