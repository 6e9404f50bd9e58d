/**
 * A studio process that saves results into the library as fast as it can until it is killed:
 * `tsx save-results.ts <root> <database file> <incomingDir>`. Generation n downloads (writes) a PNG
 * drawn from n and saves it under one of three names, so names collide all the time; the index's
 * row is written to the database after every save. Used by library-kill.test.ts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openLibraryChild } from './library-child.js';
import { meta } from './fixtures.js';
import { resultBytes } from './results.js';

const [root, database, incoming] = process.argv.slice(2);
const library = await openLibraryChild(root, database);
let gen = Math.max(0, ...library.list({ limit: 1e6 }).items.map((i) => Number(i.prompt.slice(4))));
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  const source = path.join(incoming, `result-${gen}.png`);
  writeFileSync(source, resultBytes(gen));
  await library.add({ source, name: `shot ${gen % 3}.png`, meta: meta({ prompt: `gen ${gen}` }) });
  process.stdout.write(`done ${gen}\n`);
}
