/** The studio database's backups and their restore (host/db, docs/data.md "Backups"). */
export const db = {
  backup: {
    notListed: 'There is no backup named “{{name}}”. Choose one from the list of backups in Settings.',
    damaged: 'The backup “{{name}}” is damaged and cannot be restored ({{reason}}). Your current data is unchanged.',
    jobsUnderWay: 'Jobs are still under way ({{jobs}}). Restore once they have ended, or cancel them first: a restore must not lose track of a paid job.',
    inMemory: 'This session’s data is not in its file (it could not be opened), so there is nothing to back up or restore. Check the data folder’s permissions, then restart the studio.',
    failed: 'The backup could not be written: {{reason}}',
    restoreFailed: 'The chosen backup “{{name}}” was not put back ({{reason}}). Your data is as it was.',
    nothingPending: 'No restore is waiting, so there is nothing to restart for.',
    restartFailed: 'The studio could not restart ({{reason}}). The chosen backup is still restored at the next start: quit the studio and open it again.',
    cannotRestart: 'This studio cannot restart itself. Quit the studio and open it again to restore the chosen backup.',
  },
} as const;
