/**
 * A text the host made, saved as a file through an <a download>, which works in both shells (the
 * Markdown export does the same: conversation-header.tsx).
 */
import { LANGUAGES, type StudioLanguage } from '@shared/languages.js';

export function saveText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // The click has started the download by the next task; the URL is not needed after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The studio language shown, for an export's own words. */
export const shownLanguage = (language: string): StudioLanguage => (LANGUAGES as readonly string[]).includes(language) ? (language as StudioLanguage) : 'en';
