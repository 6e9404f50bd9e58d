/**
 * The prompt library (docs/prompts.md): why a prompt was not found or not imported, in words the
 * import report and the management dialog show.
 */
export const prompts = {
  notFound: 'This prompt is no longer in your library.',
  import: {
    notJson: 'This file is not JSON: {{detail}}. Nothing was imported.',
    notLibrary: 'This file is not a prompt library export (it has no "prompts" list). Nothing was imported.',
    tooMany: 'This file holds {{found}} prompts; at most {{max}} are imported at once. Nothing was imported.',
    notObject: 'Not a prompt (not an object).',
    invalid: 'Not a valid prompt: {{detail}}.',
    badVariable: 'The variable “{{name}}” has a name a prompt cannot use (letters, digits, _ and -, starting with a letter).',
    duplicateId: 'The file holds this prompt’s id twice; the first was taken.',
    duplicate: 'The same title and text are already in your library.',
  },
} as const;
