/** One backup in Settings → Backups: when, how large, what it holds, and its restore with a confirmation. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupView } from '@shared/contract/index.js';
import { useFormats, type Formats } from '../../../i18n/format.js';

interface Props {
  backup: BackupView;
  /** Chosen to replace the data at the next start. */
  pending: boolean;
  confirming: boolean;
  /** A restore is being checked. */
  busy: boolean;
  onAsk(): void;
  onCancel(): void;
  onRestore(): void;
}

/** To the second: two backups taken in one minute (one at the start, one asked for) must read apart. */
export const backupDate = (t: (key: 'backups.when', o: { date: string; time: string }) => string, f: Formats, at: number) =>
  t('backups.when', { date: f.date(at), time: f.time(at) });

export function BackupRow({ backup: b, pending, confirming, busy, onAsk, onCancel, onRestore }: Props) {
  const { t } = useTranslation(['settings', 'common']);
  const f = useFormats();
  const labelId = useId();
  const date = backupDate(t, f, b.at);
  return (
    <li className="backup-row" aria-labelledby={labelId}>
      <div className="backup-line">
        <span id={labelId} className="backup-date">
          {b.beforeRestore ? t('backups.beforeRestore', { date }) : date}
        </span>
        <span className="muted">{t('backups.size', { mb: f.fixed(b.bytes / 1_048_576, 1) })}</span>
        <span className={b.items === null ? 'form-error' : 'muted'}>
          {b.items === null ? t('backups.damaged') : t('backups.items', { count: b.items, n: f.number(b.items) })}
        </span>
        {b.jobs !== null && <span className="muted">{t('backups.jobs', { count: b.jobs, n: f.number(b.jobs) })}</span>}
        {pending ? (
          <span className="muted">{t('backups.chosen')}</span>
        ) : (
          b.items !== null && (
            <button type="button" className="button" aria-expanded={confirming} aria-label={t('backups.restoreLabel', { date })} onClick={onAsk}>
              {t('backups.restore')}
            </button>
          )
        )}
      </div>
      {confirming && (
        <div className="confirm" role="group" aria-label={t('backups.confirm.label', { date })}>
          <p>{t('backups.confirm.body', { date })}</p>
          <div className="form-actions">
            <button type="button" className="button button-danger-solid" aria-disabled={busy} onClick={() => !busy && onRestore()}>
              {busy ? t('backups.checking') : t('backups.confirm.submit')}
            </button>
            <button type="button" className="button" onClick={onCancel} autoFocus>
              {t('common:cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
