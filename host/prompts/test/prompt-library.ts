/** A prompt library on a real database file in a temporary folder, with a save path the test picks. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/database.js';
import { promptsMigrations, PromptsTable } from '../prompts-table.js';
import { PromptsService } from '../prompts-service.js';

export function openPromptLibrary(o: { jobItems?: (id: string) => string[]; savePath?: () => string | undefined } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'prompts-'));
  let clock = Date.UTC(2026, 0, 1);
  const db = openDatabase({ file: join(dir, 'studio.db'), domains: [promptsMigrations], now: () => clock });
  const table = new PromptsTable(db.forDomain('prompts'));
  const changes: (string | undefined)[] = [];
  const service = new PromptsService({
    table,
    ports: { dataDir: dir, chooseSavePath: async () => (o.savePath ? o.savePath() : join(dir, 'out.json')) },
    language: () => 'en',
    now: () => (clock += 1000),
    jobItems: o.jobItems ?? (() => []),
    onChange: (id) => changes.push(id),
  });
  return {
    dir,
    service,
    table,
    changes,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
