/** Documents in chat messages (host/chat/chat-documents.ts, docs/chat-documents.md). */
export const documents = {
  notText: '"{{name}}" is not a text file (it holds binary data). Attach text, Markdown, code, CSV or PDF files.',
  kind: '"{{name}}" is not a kind of document the studio reads. Attach text, Markdown, code, CSV or PDF files.',
  pdfUnreadable: 'The PDF "{{name}}" could not be read: {{reason}}',
  pdfNoText: 'The PDF "{{name}}" holds no text the studio can extract (a scanned PDF holds pictures of pages).',
  empty: '"{{name}}" is empty.',
  gone: 'The document "{{name}}" is no longer waiting to be sent; attach it again.',
  notWaiting: 'That document is no longer waiting to be sent; attach it again.',
  notInConversation: 'That document is not part of this conversation; attach it again.',
  missing: 'The text of "{{name}}" ({{file}}) is no longer in the library folder; remove it from that message or attach it again.',
  tooLargeOne: 'This document is about {{tokens}} tokens; {{model}} takes about {{limit}}. Nothing was sent.',
  exported: 'Document: {{name}} (about {{tokens}} tokens)',
  tooLargeAll: 'These documents and your message are about {{tokens}} tokens; {{model}} takes about {{limit}}. Nothing was sent.',
} as const;
