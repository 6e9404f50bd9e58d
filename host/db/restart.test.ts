/**
 * "Restart now" after a restore is chosen (docs/data.md, "Restoring a backup"), through the
 * contract on real cores and real files: the shell's restart port is the one process boundary,
 * standing in for the desktop's relaunch and the browser shell's reopen.
 */
import { describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
import { dataDirCores } from '../test/data-dir-cores.js';

const cores = dataDirCores('studio-restart-');
const image = (prompt: string) => ({ route: 'image', request: { model: 'seedream-4-0', prompt, resolution: '1K' } });

/** A shell's restart port that counts its calls, or fails as a shell that cannot restart would. */
function restartPort(fail?: string) {
  const calls: number[] = [];
  return { calls, restart: () => (calls.push(1), fail ? Promise.reject(new Error(fail)) : Promise.resolve()) };
}

async function chosenRestore(port?: ReturnType<typeof restartPort>) {
  const dir = cores.freshDir();
  const core = await cores.start(dir, port ? { restart: port.restart } : {});
  core.resume();
  const taken = await core.value('db.backupNow');
  await core.value('db.restore', { name: taken.backups[0].name });
  return { core, name: taken.backups[0].name as string };
}

describe('restarting the studio to finish a restore', () => {
  it('asks the shell to restart once, and the restore stays chosen for that start', async () => {
    const port = restartPort();
    const { core, name } = await chosenRestore(port);
    const view = await core.value('db.restartNow');
    expect(port.calls).toHaveLength(1);
    expect(view.pending).toBe(name);
  });

  it('is refused when no restore is waiting: a restart for nothing is not made', async () => {
    const port = restartPort();
    const core = await cores.start(cores.freshDir(), { restart: port.restart });
    const r = await core.call('db.restartNow');
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('conflict');
    expect(englishText(r.error.text)).toContain('No restore is waiting');
    expect(port.calls).toHaveLength(0);
  });

  it('is refused while a job is under way, saying why, and the restore stays chosen', async () => {
    const port = restartPort();
    const { core, name } = await chosenRestore(port);
    await core.value('tasks.pauseQueue');
    await core.value('tasks.submit', image('held in the paused queue'));
    const r = await core.call('db.restartNow');
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('conflict');
    expect(englishText(r.error.text)).toContain('Jobs are still under way (1)');
    expect(port.calls).toHaveLength(0);
    expect((await core.value('db.backups')).pending).toBe(name);
  });

  it('says a failed restart leaves the restore for the next start, and keeps it chosen', async () => {
    const port = restartPort('the window would not close');
    const { core, name } = await chosenRestore(port);
    const r = await core.call('db.restartNow');
    expect(r.ok).toBe(false);
    expect(englishText(r.error.text)).toContain('could not restart (the window would not close)');
    expect(englishText(r.error.text)).toContain('at the next start');
    expect((await core.value('db.backups')).pending).toBe(name);
  });

  it('says so where the shell cannot restart itself, and keeps the restore chosen', async () => {
    const { core, name } = await chosenRestore();
    const r = await core.call('db.restartNow');
    expect(r.ok).toBe(false);
    expect(englishText(r.error.text)).toContain('Quit the studio and open it again');
    expect((await core.value('db.backups')).pending).toBe(name);
  });
});
