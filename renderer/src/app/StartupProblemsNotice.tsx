/**
 * The studio's files the host could not read and kept aside (docs/security.md): what each was,
 * what the studio did instead, and the backup's name. It sits with the top-up banner, beside the
 * tab panels, until dismissed; the host then forgets them, so a reload does not show it again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataFileKind, StartupProblem } from '@shared/contract/index.js';
import { callKey, EMPTY, useAction, useCall, useEvent } from '../api/client.js';
import { useAfterFirstScreen } from '../state/after-first-screen.js';

const KEYS = {
  settings: 'settings',
  secrets: 'secrets',
  jobs: 'jobs',
  conversation: 'conversation',
  'conversation index': 'conversationIndex',
  'library index': 'libraryIndex',
  'mcp servers': 'mcpServers',
  workspace: 'workspace',
  'attachment index': 'attachmentIndex',
  'task archive': 'taskArchive',
  database: 'database',
  'database update': 'databaseUpdate',
} as const satisfies Record<DataFileKind, string>;

const INDEXES = new Set<DataFileKind>(['conversation index', 'library index', 'attachment index']);

export function StartupProblemsNotice() {
  const { t } = useTranslation(['shell', 'common']);
  const client = useQueryClient();
  const key = callKey('app.startupProblems', EMPTY);
  // Asked for once the first screen is usable (state/after-first-screen.ts): a notice beside it, not part of it.
  const problems = useCall('app.startupProblems', EMPTY, { enabled: useAfterFirstScreen() }).data ?? [];
  // A conversation found unreadable when it is opened joins the list while the studio runs.
  useEvent('app.onDidChangeStartupProblems', (list) => client.setQueryData(key, list));
  const dismiss = useAction('app.dismissStartupProblems', { onSuccess: () => client.setQueryData(key, []) });
  if (problems.length === 0) return null;

  const sentence = ({ file, backup }: StartupProblem) => {
    const k = KEYS[file];
    if (backup !== null) return t(`dataProblems.${k}`, { backup });
    return t(INDEXES.has(file) ? 'dataProblems.noBackupIndex' : 'dataProblems.noBackup', { what: t(`dataProblems.names.${k}`) });
  };
  return (
    <div className="banner" role="alert" data-testid="startup-problems">
      <div className="banner-text">
        <strong>{t('dataProblems.heading')}</strong>
        <ul>
          {problems.map((p, i) => (
            <li key={`${i}-${p.backup ?? p.file}`}>{sentence(p)}</li>
          ))}
        </ul>
        {problems.some((p) => p.backup !== null) && <p>{t('dataProblems.where')}</p>}
      </div>
      <button type="button" className="button" disabled={dismiss.isPending} onClick={() => dismiss.mutate(EMPTY)}>
        {t('common:dismiss')}
      </button>
    </div>
  );
}
