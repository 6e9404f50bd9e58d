/** Words used across the studio. English is the source: every other language mirrors these keys. */
export const common = {
  loading: 'Loading…',
  tabLoadFailed: 'This tab could not be loaded. Check the connection to the studio, then try again.',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  dismiss: 'Dismiss',
  save: 'Save',
  remove: 'Remove',
  copy: 'Copy',
  copied: 'Copied',
  somethingWrong: 'Something went wrong. Try again.',
  /** The technical text behind a message's plain words (failure-note.tsx, MessageDetails). */
  details: {
    summary: 'Details',
    status: 'HTTP status {{status}}',
  },
} as const;
