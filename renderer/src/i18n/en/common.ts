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
  /** The model picker (components/model-combobox.tsx). */
  modelPicker: {
    placeholder: 'Type to search models',
    list: 'Models',
    none: 'No model matches “{{query}}”.',
    useCustom: 'Use “{{id}}” (a model id of your own)',
    count_one: '{{n}} model',
    count_other: '{{n}} models',
    vision: 'vision',
    tools: 'tools',
    native: 'native',
    thinking: 'thinking',
    visionTitle: 'Reads images (through the responses or native API)',
    toolsTitle: 'Takes tools (through the responses API)',
    nativeTitle: 'Also through the native generateContent API',
    thinkingTitle: 'Thinks before it answers',
    responsesOnly: 'responses API only',
  },
} as const;
