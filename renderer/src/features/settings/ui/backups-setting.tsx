/**
 * "Backups": the studio database's backups (docs/data.md, "Backups"), each with its date, size
 * and the gallery items it holds; one taken now, or one chosen to replace the data at the next
 * start (after a confirmation), which "Restart now" brings about at once. Read each time the tab
 * is opened, as the health line is, and again when the page is back in contact with a host that
 * started again.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BackupView, BackupsView, ErrorData } from '@shared/contract/index.js';
import { EMPTY, callKey, callQuery, useAction } from '../../../api/client.js';
import { onReconnect } from '../../../api/connection.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useUiStore } from '../../../state/ui-store.js';
import { BackupRow, backupDate } from './backup-row.js';

export function BackupsSetting() {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  const headingId = useId();
  const queryClient = useQueryClient();
  const shown = useUiStore((s) => s.tab === 'settings');
  const list = useQuery<BackupsView, ErrorData>({ ...callQuery('db.backups', EMPTY), enabled: false });
  const { refetch } = list;
  useEffect(() => {
    if (shown) void refetch();
  }, [shown, refetch]);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Between "Restart now" and the page's contact with the restarted host (the browser shell; the desktop's window closes).
  const [restarting, setRestarting] = useState(false);
  useEffect(
    () =>
      onReconnect(() => {
        setRestarting(false);
        void refetch();
      }),
    [refetch],
  );
  const onSuccess = (view: BackupsView) => {
    queryClient.setQueryData(callKey('db.backups', EMPTY), view);
    setConfirming(null);
  };
  const backupNow = useAction('db.backupNow', { onSuccess });
  const restore = useAction('db.restore', { onSuccess });
  const cancel = useAction('db.cancelRestore', { onSuccess });
  const restart = useAction('db.restartNow', {
    onSuccess: (view) => {
      onSuccess(view);
      setRestarting(true);
    },
  });
  const error = backupNow.error ?? restore.error ?? cancel.error ?? restart.error ?? list.error;

  const view = list.data;
  const byName = (name: string | null | undefined): BackupView | undefined => view?.backups.find((b) => b.name === name);
  const when = (name: string) => {
    const b = byName(name);
    return b ? backupDate(t, f, b.at) : name;
  };
  const reset = () => [backupNow, restore, cancel, restart].forEach((a) => a.reset());
  const restartBusy = restart.isPending || restarting;

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h3 id={headingId}>{t('backups.heading')}</h3>
        {view?.available !== false && (
          <button
            type="button"
            className="button"
            aria-disabled={backupNow.isPending || !view}
            onClick={() => {
              if (backupNow.isPending || !view) return;
              reset();
              backupNow.mutate({});
            }}
          >
            {backupNow.isPending ? t('backups.backingUp') : t('backups.now')}
          </button>
        )}
      </div>
      <p className="muted">{t('backups.about', { keep: view?.keep ?? 7 })}</p>
      <p className="hint">{t('backups.what')}</p>

      <div role="status" className="saved-note">
        {restore.isPending && t('backups.checking')}
        {restarting && t('backups.restarting')}
        {view?.pending && !restarting && (
          <span className="backup-pending">
            {t('backups.pending', { date: when(view.pending) })}{' '}
            <button
              type="button"
              className="button button-primary"
              aria-disabled={restartBusy}
              onClick={() => {
                if (restartBusy) return;
                reset();
                restart.mutate({});
              }}
            >
              {t('backups.restartNow')}
            </button>{' '}
            <button type="button" className="button" aria-disabled={restartBusy} onClick={() => !restartBusy && cancel.mutate({})}>
              {t('backups.cancelRestore')}
            </button>
          </span>
        )}
        {view?.lastRestore && !view.lastRestore.error && (
          view.lastRestore.undo
            ? t('backups.restored', { date: when(view.lastRestore.name), undo: when(view.lastRestore.undo) })
            : t('backups.restoredNoUndo', { date: when(view.lastRestore.name) })
        )}
      </div>
      {view?.lastRestore?.error && <p className="form-error">{say(view.lastRestore.error)}</p>}
      {error && (
        <p className="form-error" role="alert">
          {say(error)}
        </p>
      )}

      {!view && !list.isError && <p className="muted">{t('backups.loading')}</p>}
      {view && !view.available && <p className="muted">{t('backups.unavailable')}</p>}
      {view?.available && view.backups.length === 0 && <p className="muted">{t('backups.none')}</p>}
      {view?.available && view.backups.length > 0 && (
        <ul className="backup-list" aria-label={t('backups.listLabel')}>
          {view.backups.map((b) => (
            <BackupRow
              key={b.name}
              backup={b}
              pending={view.pending === b.name}
              confirming={confirming === b.name}
              busy={restore.isPending}
              onAsk={() => {
                reset();
                setConfirming(b.name);
              }}
              onCancel={() => setConfirming(null)}
              onRestore={() => restore.mutate({ name: b.name })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
