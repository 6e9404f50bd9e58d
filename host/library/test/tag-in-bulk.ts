/**
 * A studio process that tags every item of the library in bulk, one tag per generation, as fast
 * as it can until it is killed: `tsx tag-in-bulk.ts <root> <database file>`. Generation n adds the
 * tag `gen-n` to every item in one edit, then gives the loop a turn so the sidecars follow in the
 * background (and a kill can land in their drain). Used by curation-kill.test.ts.
 */
import { openLibraryChild } from './library-child.js';

const [root, database] = process.argv.slice(2);
const library = await openLibraryChild(root, database);
const ids = library.list({ limit: 1e6 }).items.map((i) => i.id);
const tags = library.list({ limit: 1 }).items[0]?.tags ?? [];
let gen = Math.max(0, ...tags.map((t) => Number(t.slice(4))));
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  library.curation.tag(ids, [`gen-${gen}`], []);
  void library.curating.follow();
  process.stdout.write(`done ${gen}\n`);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
