/**
 * The start of a studio child process the kill tests run (save-results.ts, tag-in-bulk.ts): the
 * library at `root` with its rows in `database`, opened; a start that reported any problem exits
 * with 3, so a kill test never reads a damaged library as a good one.
 */
import { Library } from '../library.js';

export async function openLibraryChild(root: string, database: string): Promise<Library> {
  const problems: string[] = [];
  const library = new Library({ root, db: database, ffmpeg: false, log: (line) => problems.push(line) });
  await library.open();
  if (problems.length) {
    process.stderr.write(`the library did not open cleanly: ${problems.join('; ')}\n`);
    process.exit(3);
  }
  return library;
}
