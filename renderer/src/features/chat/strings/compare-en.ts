/** Several models at once: the composer's choice of models and the replies side by side (docs/chat-versions.md). */
export const compare = {
  toggle: 'Compare models',
  bar: 'Models to compare',
  hint: 'The message goes to each model at once; then choose the reply to go on with.',
  first: '{{model}} · {{api}} (this conversation)',
  model: 'Model {{n}}',
  api: 'API for model {{n}}',
  add: 'Add a model',
  remove: 'Remove model {{n}}',
  removeMark: '×',
  noTools: 'Comparing models sends no tools: turn the tools off in the settings, or send to one model.',
  noImages: '{{model}} through {{api}} takes no images: choose another API or model to compare.',
  group_one: 'Replies from {{n}} model, side by side',
  group_other: 'Replies from {{n}} models, side by side',
  column: 'Reply from {{model}}',
  choose: 'Continue with this',
  chooseHint: 'The others stay as versions of this turn.',
} as const;
