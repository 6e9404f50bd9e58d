import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

describe('the host survives what nobody caught', () => {
  it('logs an uncaught exception and an unhandled rejection, and goes on', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'test', 'throw-and-live.ts')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect({ code, out }).toEqual({ code: 0, out: 'still alive\n' });
    expect(err).toMatch(/an error reached the top \(survived\): Error: a bug in one job/);
    expect(err).toMatch(/a promise failed with nobody to catch it \(survived\): Error: a forgotten promise/);
  });
});
