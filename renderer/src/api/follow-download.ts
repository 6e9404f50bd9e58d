/**
 * Follows a download link the browser shell handed out for a file taken out of the library or an
 * export of the spend ledger (docs/library-files.md, "The download link"): the page adds its media
 * secret, which the link needs, and clicks it as a download. The link works once and only for this
 * signed-in tab.
 */
import { mediaQuery } from './session.js';

export function followDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url + mediaQuery();
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
