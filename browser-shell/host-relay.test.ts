/**
 * The relay between the browser shell's server and its core (host-relay.ts): across a restart a
 * call waits for the core opened again, events come from the core attached now, and a core that
 * could not be opened again is said in every answer instead of a call that never ends.
 */
import { describe, expect, it } from 'vitest';
import { englishText, msg } from '@shared/messages/index.js';
import { openCore } from '@host/test/open-core.js';
import { HostRelay } from './host-relay.js';

describe('the browser shell’s relay to its core', () => {
  it('holds a call made between two cores and answers it from the second', async () => {
    const first = await openCore();
    const second = await openCore();
    const relay = new HostRelay();
    relay.attach(first.core);
    expect((await relay.dispatch('db.backups', {})).ok).toBe(true);
    relay.detach();
    let settled = false;
    const waiting = relay.dispatch('settings.get', {}).then((r) => ((settled = true), r));
    await new Promise((done) => setImmediate(done));
    expect(settled).toBe(false);
    relay.attach(second.core);
    const r = await waiting;
    expect(r).toMatchObject({ ok: true, value: { libraryDir: (await second.value('settings.get')).libraryDir } });
  });

  it('passes on the events of the core attached now only', async () => {
    const first = await openCore();
    const second = await openCore();
    const relay = new HostRelay();
    const seen: string[] = [];
    relay.subscribe((event) => seen.push(event));
    relay.attach(first.core);
    relay.detach();
    await first.value('settings.update', { theme: 'dark' });
    expect(seen).not.toContain('settings.onDidChange');
    relay.attach(second.core);
    await second.value('settings.update', { theme: 'dark' });
    expect(seen).toContain('settings.onDidChange');
  });

  it('answers every call with the reason when no core comes back', async () => {
    const relay = new HostRelay();
    const waiting = relay.dispatch('db.backups', {});
    relay.fail(msg('app.calls.restartFailed', { reason: 'the disk is gone' }));
    const r = await waiting;
    expect(r.ok).toBe(false);
    expect(englishText(!r.ok ? r.error.text : undefined)).toContain('could not start again after its restart (the disk is gone)');
    expect(await relay.mediaFile('a.png')).toBeUndefined();
  });
});
