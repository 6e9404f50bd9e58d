/**
 * How the sender process is started (docs/robust-host.md, "A send that outlives its host"): from
 * the sources through tsx; under an Electron started on the app's folder, as Node; and under a
 * packaged app, whose RunAsNode fuse is off, as the app's own binary, which the socket flag added
 * by the host turns into a sender (electron/main.ts; desktop-e2e/job-sender.spec.ts runs it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { senderEntry } from './job-sender.js';

const versions = process.versions as Record<string, string | undefined>;
const proc = process as { defaultApp?: boolean };
const argv = [...process.argv];

afterEach(() => {
  delete versions.electron;
  delete proc.defaultApp;
  process.argv.splice(0, process.argv.length, ...argv);
});

describe('the sender entry', () => {
  it('runs from the sources under Node', () => {
    expect(senderEntry()).toMatchObject({ command: process.execPath, args: ['--import', 'tsx', expect.stringMatching(/sender-main\.ts$/)] });
  });

  it('is the packaged app\'s own binary with no script, so that no Node run is needed', () => {
    versions.electron = '41.0.0';
    expect(senderEntry()).toEqual({ command: process.execPath, args: [] });
  });

  it('keeps the one Chromium switch the studio needed to start at all', () => {
    versions.electron = '41.0.0';
    process.argv.push('--no-sandbox', '--user-data-dir=/somewhere');
    expect(senderEntry()).toEqual({ command: process.execPath, args: ['--no-sandbox'] });
  });

  it('runs as Node under Electron run on the app folder (electron .), where RunAsNode is on', () => {
    versions.electron = '41.0.0';
    proc.defaultApp = true;
    expect(senderEntry()?.args.some((a) => a.endsWith('sender-main.ts'))).toBe(true);
  });
});
