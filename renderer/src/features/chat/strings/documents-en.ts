/** The Chat tab's documents: chips in the composer and on sent turns (docs/chat-documents.md). */
export const documents = {
  attach: 'Attach documents…',
  files: 'Document files',
  list: 'Documents to send',
  sent: 'Documents',
  chip: '{{name}}, about {{tokens}} tokens',
  pages_one: '{{n}} page',
  pages_other: '{{n}} pages',
  tokens: '~{{tokens}} tokens',
  /** The chip's badge for a file whose name has no extension. */
  kindUnknown: 'DOC',
  remove: 'Remove {{name}}',
  reading_one: 'Reading {{n}} document…',
  reading_other: 'Reading {{n}} documents…',
  tooLarge: 'too large',
  tooLargeOne: 'This document is about {{tokens}} tokens; {{model}} takes about {{limit}}.',
  tooLargeAll: 'These documents and your message are about {{tokens}} tokens; {{model}} takes about {{limit}}.',
  blockedReading: 'Wait until the documents are read.',
  notDocument: '{{name}} is not a document the studio reads: attach text, Markdown, code, CSV or PDF files.',
  tooMany: 'A message takes at most {{max}} documents.',
} as const;
