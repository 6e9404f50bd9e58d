/**
 * Where the sender process can run (docs/robust-host.md, "A send that outlives its host"): from
 * the sources through tsx, and under an Electron started on the app's folder; never under a
 * packaged app's binary, whose RunAsNode fuse is off, so that it would start a second studio.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { senderEntry } from './job-sender.js';

const versions = process.versions as Record<string, string | undefined>;
const proc = process as { defaultApp?: boolean };

afterEach(() => {
  delete versions.electron;
  delete proc.defaultApp;
});

describe('the sender entry', () => {
  it('runs from the sources under Node', () => {
    expect(senderEntry()).toMatchObject({ script: expect.stringMatching(/sender-main\.ts$/), execArgv: ['--import', 'tsx'] });
  });

  it('is not started under a packaged Electron app, whose binary cannot run as Node', () => {
    versions.electron = '41.0.0';
    expect(senderEntry()).toBeUndefined();
  });

  it('is started under Electron run on the app folder (electron .), where RunAsNode is on', () => {
    versions.electron = '41.0.0';
    proc.defaultApp = true;
    expect(senderEntry()).toBeDefined();
  });
});
