/**
 * A move of the library's files, as the creator follows it under the folder field (docs/robust-host.md,
 * "Moving the library"): how many files and bytes are in the new folder, the end in words, and,
 * when it stopped, why, with a way to finish it or go back. The host keeps the state, so a page
 * opened (or reloaded) during a move shows it too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LibraryMoveStatus } from '@shared/contract/index.js';
import { callKey, EMPTY, useAction, useCall, useEvent } from '../../../api/client.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useFormats, type Formats } from '../../../i18n/format.js';

const mb = (f: Formats, bytes: number): string => f.fixed(bytes / (1024 * 1024), bytes < 10 * 1024 * 1024 ? 1 : 0);

/** The move under way or the last one's end, kept current by the host's events. */
export function useLibraryMove(): LibraryMoveStatus | null | undefined {
  const client = useQueryClient();
  const key = callKey('settings.libraryMove', EMPTY);
  useEvent('settings.onLibraryMove', (status) => client.setQueryData(key, status));
  return useCall('settings.libraryMove', EMPTY).data;
}

export function LibraryMoveProgress({ status }: { status: LibraryMoveStatus }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const client = useQueryClient();
  const finish = useAction('settings.finishLibraryMove', {
    onSuccess: (next) => client.setQueryData(callKey('settings.libraryMove', EMPTY), next),
  });
  const counts = {
    files: f.number(status.files),
    totalFiles: f.number(status.totalFiles),
    mb: mb(f, status.bytes),
    totalMb: mb(f, status.totalBytes),
    to: status.to,
    from: status.from,
  };
  if (status.state === 'done') {
    return <p className="move-status" role="status">{t('general.library.moved', counts)}</p>;
  }
  if (status.state === 'moving') {
    return (
      <div className="move-status" role="status">
        <p>{t('general.library.moving', counts)}</p>
        <progress max={Math.max(1, status.totalBytes)} value={status.bytes} aria-label={t('general.library.progressLabel')} />
      </div>
    );
  }
  const busy = finish.isPending;
  return (
    <div className="move-status" role="alert">
      <p className="form-error">{status.error ? say(status.error) : t('general.library.stopped', counts)}</p>
      {finish.error && <p className="form-error">{say(finish.error)}</p>}
      <div className="move-actions">
        <button type="button" className="button button-primary" aria-disabled={busy} onClick={() => !busy && finish.mutate({ action: 'retry' })}>
          {t('general.library.retryMove')}
        </button>
        {status.canGoBack && (
          <button type="button" className="button" aria-disabled={busy} onClick={() => !busy && finish.mutate({ action: 'back' })}>
            {t('general.library.moveBack', { from: status.from })}
          </button>
        )}
      </div>
    </div>
  );
}
