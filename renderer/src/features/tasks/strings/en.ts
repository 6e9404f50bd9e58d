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
    saving: 'Saving',
    saved: 'Saved',
    attention: 'Needs attention',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  list: {
    label: 'Jobs',
    loading: 'Loading jobs…',
    panel: {
      all: 'All jobs',
      active: 'Active jobs',
      saving: 'Jobs saving their files',
      saved: 'Saved jobs',
      attention: 'Jobs that need attention',
      failed: 'Failed jobs',
      cancelled: 'Cancelled jobs',
    },
    empty: {
      all: 'No jobs yet',
      active: 'Nothing is running right now.',
      saving: 'No files are being saved right now.',
      saved: 'No saved jobs yet.',
      attention: 'Nothing needs your attention. Jobs whose files could not be saved, or whose submission went unconfirmed, show up here.',
      failed: 'No failed jobs. Jobs that fail, time out or lose their links show up here.',
      cancelled: 'No cancelled jobs. A job you cancel shows up here; its result is still saved when the gateway finishes it.',
    },
    /** The empty list's way forward (tasks-tab.tsx, EmptyState). */
    start: {
      hint: 'Images and videos you generate appear here while they run, and stay after they are saved.',
      image: 'Create an image',
      video: 'Make a video',
      showAll: 'Show all jobs',
    },
    /** Below the newest rows shown (tasks-tab.tsx, ROWS_SHOWN): older jobs come on request. */
    more_one: 'Show {{count}} more job ({{left}} not shown)',
    more_other: 'Show {{count}} more jobs ({{left}} not shown)',
    /** Past the list's end: finished jobs the host moved to its archive (older-tasks.tsx). */
    older: {
      label: 'Older jobs',
      show: 'Show older jobs',
      more: 'Show more older jobs',
      loading: 'Loading older jobs…',
      hint: 'Finished jobs beyond the newest 1,000 are kept apart from the list. Their files stay in the Gallery.',
      failed: 'Older jobs could not be read: {{reason}}',
    },
  },
  /** The host's job queue (queue-control.tsx). */
  queue: {
    label: 'Job queue',
    waiting_one: '{{count}} job waiting to be sent',
    waiting_other: '{{count}} jobs waiting to be sent',
    paused_one: 'Queue paused: {{count}} job waiting',
    paused_other: 'Queue paused: {{count}} jobs waiting',
    pause: 'Pause queue',
    resume: 'Resume',
  },
  state: {
    waiting: 'Waiting to be sent',
    submitting: 'Submitting',
    unknown: 'Fate unknown: not resubmitted',
    queued: 'Queued',
    running: 'Running',
    completed: 'Completed — saving…',
    saved: 'Saved',
    attention: 'Needs attention',
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
    attentionHint: 'This job finished and was paid for, but its files are not saved. Retry the save, or open the original link to download them yourself.',
    /** A job cancelled in the studio that the gateway finished anyway (docs/robust-host.md, "Cancel keeps what was paid for"). */
    cancelledSaving: 'You cancelled this job; the gateway finished it, so its result is being saved.',
    cancelledSaved: 'You cancelled this job; the gateway finished it, so its result was saved.',
    noLink: 'The gateway gave no link for this job.',
    badLink: 'The link the gateway gave is not a web address, so the studio does not open it.',
  },
  actions: {
    checkAgain: 'Check again',
    stopSaving: 'Stop saving',
    retrySave: 'Retry save',
    openLink: 'Open original link',
    remove: 'Remove',
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
  /** Cancel cannot stop a paid job: the gateway has no cancel route (docs/robust-host.md). */
  confirmCancel: {
    label: 'Confirm cancelling',
    body: 'This job is already paid for, and the gateway cannot stop it: it runs to the end either way. Cancelling moves it to Cancelled; the studio keeps following it, and its result is still saved to your library when the gateway finishes.',
    submit: 'Cancel job',
    keep: 'Keep running',
  },
  confirmStopSaving: {
    label: 'Confirm stopping the save',
    body: 'Stop saving this job’s files? The partly saved file is removed. The job stays in the list under Needs attention, where Retry save saves its files again for free while its links last.',
    submit: 'Stop the save',
    keep: 'Keep saving',
  },
  confirmRemove: {
    label: 'Confirm removing',
    body: 'Remove this job from the list? Files it already saved stay in your library; a partly saved file is deleted.',
    /** A cancelled job the studio still follows: removing it is how to stop following it. */
    bodyFollowed: 'Remove this job from the list? The studio stops following it, so its result will not be saved, though the gateway still finishes and bills it.',
    submit: 'Remove job',
    keep: 'Keep job',
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
