/**
 * Opens the studio database at `file` in a child process, as the studio's start does, then writes
 * a row: `tsx open-child.ts <file>`. Prints one JSON line, `{ name: 'start', result }` (as-nobody.ts): whether the start went on a database
 * in memory, the problems it reported, whether the write went through (or its error), and the notes it then sees. Run as
 * an unprivileged user when the test runs as root, so file permissions apply (read-only.test.ts).
 */
import { openDatabase, type DatabaseProblem } from '../database.js';
import { NOTES } from './notes-domain.js';

const [file] = process.argv.slice(2);
const problems: DatabaseProblem[] = [];
const result: Record<string, unknown> = {};
try {
  const s = openDatabase({
    file,
    domains: NOTES,
    onProblem: (p) => problems.push(p),
  });
  result.inMemory = s.inMemory === true;
  try {
    s.forDomain('notes').prepare('INSERT INTO notes (text) VALUES (?)').run('written');
    result.wrote = true;
  } catch (err) {
    result.wrote = (err as Error).message;
  }
  // What this session sees: the notes the file held, and its own.
  result.notes = s.forDomain('notes').prepare('SELECT text FROM notes ORDER BY rowid').pluck().all();
  s.close();
} catch (err) {
  result.crashed = (err as Error).message;
}
result.problems = problems;
process.stdout.write(`${JSON.stringify({ name: 'start', result })}\n`);
