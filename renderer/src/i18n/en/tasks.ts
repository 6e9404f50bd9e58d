/** The Tasks tab. */
export const tasks = {
  intro: {
    title: 'Tasks',
    body: 'Every image and video job, newest first. Files are saved to your library the moment a job completes; result links last 24 hours.',
  },
  filters: {
    label: 'Show jobs',
    all: 'All',
    active: 'Active',
    finished: 'Finished',
    failed: 'Failed',
  },
  list: {
    label: 'Jobs',
    loading: 'Loading jobs…',
    panel: {
      all: 'All jobs',
      active: 'Active jobs',
      finished: 'Finished jobs',
      failed: 'Failed jobs',
    },
    empty: {
      all: 'No jobs yet. Images and videos you generate appear here while they run, and stay after they are saved.',
      active: 'Nothing is running right now.',
      finished: 'No finished jobs yet.',
      failed: 'No failed jobs. Jobs that fail, time out or lose their links show up here.',
    },
  },
  state: {
    submitting: 'Submitting',
    unknown: 'Fate unknown: not resubmitted',
    queued: 'Queued',
    running: 'Running',
    completed: 'Completed — saving…',
    saved: 'Saved',
    failed: 'Failed',
    timedOut: 'Timed out',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  kind: {
    image: 'Image',
    video: 'Video',
  },
  row: {
    /** The job as named inside the progress bar's label. */
    job: {
      image: 'image job “{{prompt}}”',
      video: 'video job “{{prompt}}”',
    },
    sentAs: 'Sent as',
    copyFailed: 'Could not copy: select the id instead',
  },
  actions: {
    checkAgain: 'Check again',
    retry: 'Retry',
    openResult: 'Open result',
    copyId: 'Copy task id',
  },
  confirmRetry: {
    label: 'Confirm retry',
    body: 'Retry submits this job again as a new job, and the gateway charges for it again.',
    submit: 'Submit again',
    keep: 'Keep as is',
  },
  progress: {
    saving: 'Saving {{job}}',
    of: 'Progress of {{job}}',
    startingDownload: 'Starting download',
    waiting: 'Waiting for the gateway',
    working: 'Working…',
    received_one: '{{received}} · {{n}} file',
    received_other: '{{received}} · {{n}} files',
    receivedOf_one: '{{received}} of {{total}} · {{n}} file',
    receivedOf_other: '{{received}} of {{total}} · {{n}} files',
  },
  times: {
    elapsed: '{{duration}} elapsed',
    took: 'took {{duration}}',
    expiresIn: 'links expire in {{duration}}',
    expired: 'links have expired',
  },
  notify: {
    toggle: 'Notify me when jobs finish',
    blocked: 'This browser blocks notifications for the studio; allow them in the site settings.',
  },
} as const;
