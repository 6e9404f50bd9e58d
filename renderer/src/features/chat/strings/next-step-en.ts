/** A reply's next step: read aloud, or used as an Image or Video prompt (ui/reply-next-step.tsx). */
export const nextStep = {
  readAloud: 'Read aloud',
  readSelection: 'Read selection aloud',
  usePrompt: 'Use as prompt',
  useSelection: 'Use selection as prompt',
  menuLabel: 'Use as prompt in',
  toImage: 'Image prompt',
  toVideo: 'Video prompt',
  region: 'Read aloud',
  making: 'Making speech of {{chars}} characters…',
  player: 'The reply read aloud',
  saved: 'Saved to the Gallery · {{voice}}',
  failed: 'Could not read it aloud: {{message}}',
  tooLong: 'This is {{chars}} characters; speech takes at most {{max}}. Select a part of the reply and read that aloud.',
  empty: 'This reply has no words to read aloud.',
  voice: 'Voice',
  again: 'Read again',
  dismiss: 'Close the player',
  /** The lineage name of a reply used elsewhere: its conversation, then its first words. */
  sourceName: '{{title}}: {{words}}',
};
