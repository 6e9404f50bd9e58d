/** Rendered replies (code blocks, links, images). */
export const markdown = {
  code: {
    /** The label of a code block without a language. */
    plain: 'text',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Copy failed',
    copyLabel: 'Copy code to clipboard',
    copiedStatus: 'Code copied to clipboard',
    failedStatus: 'Could not copy the code',
  },
  image: {
    load: 'Load image from {{host}}',
    loadWithAlt: 'Load image from {{host}}<alt>: {{alt}}</alt>',
    blocked: 'Only https images can be shown',
    blockedText: '[image]',
    blockedTextWithAlt: '[image: {{alt}}]',
  },
  table: {
    label: 'Table',
  },
  footnotes: {
    /** The list of a reply's footnotes, for screen readers. */
    label: 'Footnotes',
  },
} as const;
