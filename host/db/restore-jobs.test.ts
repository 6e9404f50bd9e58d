/**
 * A backup holds the job list as it was when it was taken (docs/data.md, "Restoring a backup"):
 * a job still waiting in the queue then may have been sent, and paid for, since. A restore must
 * never send it again on the backup's word.
 */
import { describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
import { dataDirCores } from '../test/data-dir-cores.js';

const cores = dataDirCores('studio-restore-jobs-');
const image = (prompt: string) => ({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });

describe('a restored backup and the jobs it holds', () => {
  it('shows a job that was waiting in the backup as of unknown fate, and does not send it again', async () => {
    const dir = cores.freshDir();
    const a = await cores.start(dir);
    a.resume();
    await a.value('tasks.pauseQueue');
    const job = await a.value('tasks.submit', image('waiting when the backup was taken'));
    expect(job.state).toBe('waiting');
    const backup = await a.value('db.backupNow');
    await a.value('tasks.resumeQueue');
    const until = async (ok: () => Promise<boolean>) => {
      for (let i = 0; i < 600 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50));
    };
    const stateOf = async (core: typeof a) => ((await core.value('tasks.list')) as { id: string; state: string; error?: unknown }[]).find((t) => t.id === job.id);
    await until(async () => (await stateOf(a))?.state === 'saved');
    expect((await stateOf(a))?.state).toBe('saved');
    const taken = (backup as { backups: { name: string; items: number; jobs: number }[] }).backups[0];
    // What the creator reads before choosing it: no picture yet, one job.
    expect(taken).toMatchObject({ items: 0, jobs: 1 });
    const name = taken.name;
    await a.value('db.restore', { name });
    await a.close();

    const b = await cores.start(dir);
    b.resume();
    const restored = await stateOf(b);
    // Sent and paid for after the backup: the backup's "waiting" is not the truth any more.
    expect(restored?.state).toBe('unknown');
    expect(englishText(restored!.error as never)).toMatch(/backup/i);
    expect(await b.value('tasks.queue')).toMatchObject({ waiting: 0 });
  });
});
