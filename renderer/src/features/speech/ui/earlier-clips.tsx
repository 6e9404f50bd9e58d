/**
 * The clips spoken since the studio started, below the latest one: a creator comparing takes of
 * the same narration keeps every take at hand, not only the last. Read from the library (the
 * clips are saved there before the call returns), so a reload keeps them and a clip removed in the
 * Gallery leaves here too; a restart of the studio starts a new list (the latest stays above it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callKey } from '../../../api/call-key.js';
import { EMPTY, useCall, useEvent } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';

/** More takes than anyone compares at once; the Gallery holds every clip. */
const MAX_CLIPS = 50;

export function EarlierClips({ latestId }: { latestId: string }) {
  const { t } = useTranslation('speech');
  const queryClient = useQueryClient();
  const info = useCall('app.info', EMPTY).data;
  const query = { kind: 'audio' as const, from: info?.startedAt ?? 0, limit: MAX_CLIPS + 1 };
  const clips = useCall('library.list', query, { enabled: info !== undefined });
  useEvent('library.onDidChange', () => void queryClient.invalidateQueries({ queryKey: callKey('library.list', query) }));
  const earlier = (clips.data?.items ?? []).filter((item) => item.id !== latestId).slice(0, MAX_CLIPS);
  if (!info || earlier.length === 0) return null;
  return (
    <section className="gen-result speech-earlier" aria-labelledby="speech-earlier-heading">
      <h3 id="speech-earlier-heading">{t('earlier.heading')}</h3>
      <ul className="speech-earlier-list">
        {earlier.map((item) => (
          <li key={item.id}>
            <audio controls preload="none" src={mediaUrl(info.mediaBase, item.file)} aria-label={t('earlier.player', { text: item.prompt.slice(0, 80) })} />
            <p className="speech-earlier-text" dir="auto">
              {item.prompt}
            </p>
            <p className="gen-facts">
              <span>{item.model}</span>
              {typeof item.params.voice === 'string' && <span>{t('result.voice', { voice: item.params.voice })}</span>}
              {typeof item.params.response_format === 'string' && <span>{item.params.response_format}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
