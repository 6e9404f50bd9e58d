/**
 * The notification for a job that just ended (shared/contract/task-notice.ts), shown by the
 * desktop shell's main process and by the browser shell's renderer in the same words.
 */
export const notice = {
  image: {
    saved: 'Image job finished and saved to the library',
    failed: 'Image job failed',
    expired: 'Image job finished, but its links expired before the files were saved',
    timed_out: 'Image job is taking longer than expected',
    attention: 'Image job finished, but its files could not be saved',
  },
  video: {
    saved: 'Video job finished and saved to the library',
    failed: 'Video job failed',
    expired: 'Video job finished, but its links expired before the files were saved',
    timed_out: 'Video job is taking longer than expected',
    attention: 'Video job finished, but its files could not be saved',
  },
  /** The job's model and prompt; a failure's reason (a message of its own) after them. */
  body: '{{model}}: “{{prompt}}”.',
  bodyWithError: '{{model}}: “{{prompt}}”. {{error}}',
} as const;
