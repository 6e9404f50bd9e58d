/** Parts shared by the Image, Video and Speech tabs. */
export const generator = {
  labels: {
    model: 'Model',
    prompt: 'Prompt',
    aspectRatio: 'Aspect ratio',
  },
  status: {
    /** In the studio's own queue, not yet sent (docs/robust-host.md, "The job queue"). */
    waiting: 'Waiting in the studio’s queue…',
    submitting: 'Submitting…',
    queued: 'Queued at the gateway…',
    savedToGallery: 'Saved to the gallery',
  },
  prompt: {
    recent: 'Recent prompts',
    recentPlaceholder: 'Recent prompts…',
    count: '{{chars}} characters',
    countOfMax: '{{chars}} / {{max}} characters',
    submitHint: 'Ctrl+Enter to submit',
  },
  failure: {
    note: '{{advice}} {{kept}}',
    paymentRequired: "Top up the balance of this profile's key, then press {{action}} again.",
    unauthorized: 'Check the API key of the active profile in Settings.',
    rateLimited: 'The gateway is busy: wait a moment, then press {{action}} again.',
    fixField: 'Fix the marked field and try again.',
    adjustSettings: 'Adjust the settings and try again.',
    unreachable: 'Check your connection, or the gateway address in Settings, then try again.',
    retry: 'Press {{action}} to try again.',
    budget: 'Choose “Allow the next one” above, or raise the budget in Settings, then press {{action}} again.',
  },
  usage: {
    label: 'Usage',
    prefix: '{{label}}: ',
    cost: 'Cost {{amount}}',
    tokens: '{{total}} tokens',
    tokensInOut: '{{total}} tokens ({{input}} in, {{output}} out)',
    tokensIn: '{{total}} tokens ({{input}} in)',
    tokensOut: '{{total}} tokens ({{output}} out)',
  },
  size: {
    pixels: '{{width}}×{{height}}',
    differs: 'Requested {{requested}}, delivered {{delivered}}.',
    sandbox: 'The offline sandbox encodes smaller previews on purpose, to keep generation fast: same shape, fewer pixels.',
  },
} as const;
