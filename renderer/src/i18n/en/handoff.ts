/** "Use in…": one library item handed to the next step, by its menu or by dragging its tile. */
export const handoff = {
  menu: {
    button: 'Use in…',
    buttonLabel: 'Use in… “{{name}}”',
    label: 'Use in',
    image: 'Image references',
    video: 'Video starting image',
    chat: 'Chat message',
  },
  untitled: 'untitled image',
  kind: {
    image: 'an image',
    video: 'a video',
    audio: 'an audio clip',
  },
  added: {
    image: 'Added “{{name}}” to the reference images.',
    chat: 'Attached “{{name}}” to the message.',
    video: 'The starting image is now the original link of “{{name}}” ({{left}}).',
  },
  adding: 'Adding “{{name}}”…',
  problem: {
    wrongKind: '“{{name}}” is {{kind}}: only images can be used here.',
    gone: 'That item is no longer in the library (it may have been deleted).',
    unreadable: 'What was dropped is not a Gallery item this studio can read.',
    unreadableFile: 'Could not read “{{name}}” from the library ({{reason}}).',
    noLink: '“{{name}}” has no public link: it was made or saved locally, and the gateway can only fetch a starting image from a public address. The field was left as it was; paste a public link instead.',
    expired: 'The original link of “{{name}}” has expired: the gateway keeps result links for 24 hours only, and it can only fetch a starting image from a public address. The field was left as it was; paste a public link instead.',
  },
  left: {
    hours: 'link valid about {{hours}} more h',
    minutes: 'link valid about {{minutes}} more min',
  },
  dropHere: 'Drop to use it here',
} as const;
