/**
 * A studio process that marks and unmarks every item of the library as a favourite in bulk, as
 * fast as it can until it is killed: `tsx favourite-in-bulk.ts <root> <database file>`. It starts
 * from what it finds (`ready 1` when every item is a favourite, `ready 0` when none is), and
 * generation n marks every item when n is odd and unmarks them when it is even, in one call
 * (favourite-bulk.ts), then gives the loop a turn so the sidecars follow in the background (and a
 * kill can land in their drain). Used by favourite-kill.test.ts.
 */
import { openLibraryChild } from './library-child.js';

const [root, database] = process.argv.slice(2);
const library = await openLibraryChild(root, database);
const ids = library.list({ limit: 1e6 }).items.map((i) => i.id);
let gen = library.list({ favourite: true, limit: 1 }).total > 0 ? 1 : 0;
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  library.favourite(ids, gen % 2 === 1);
  void library.curating.follow();
  process.stdout.write(`done ${gen}\n`);
  await new Promise((resolve) => setTimeout(resolve, 5));
}
