/** The item view's lineage (ui/item-lineage.tsx; docs/library-files.md, "Lineage"). */
export const lineage = {
  madeFrom: 'Made from',
  usedIn: 'Used in',
  kind: {
    reference: 'Reference',
    startImage: 'Starting image',
    remixOf: 'Remix of',
    chatMessage: 'Chat message',
    batchCell: 'Batch cell',
    storyboardShot: 'Storyboard shot',
  },
  /** A source the library still holds: activating it shows that item. */
  entry: '{{kind}}: {{name}}',
  untitled: 'untitled {{kind}}',
  /** A source removed since: said, not an error. */
  gone: '{{kind}}: {{name}} (no longer in the library)',
  goneUnnamed: '{{kind}}: no longer in the library',
  cell: '{{kind}} {{index}}',
  openChat: '{{kind}}: open the conversation in Chat',
  /** A chat message by its name (its conversation and first words): activating it opens that conversation. */
  openChatNamed: '{{kind}}: {{name}} (open in Chat)',
  /** "Used in" shows the newest ones only. */
  newest: 'The newest {{n}} are shown.',
  failed: 'Could not read what this item was made from or used in: {{message}}',
};
