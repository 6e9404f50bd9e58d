import { describe, expect, it } from 'vitest';
import { ffmpegBuildConfiguration, runFfmpeg } from './audio-ffmpeg.js';

describe('ffmpeg.wasm build', () => {
  it('is redistributable: no --enable-nonfree and no libfdk-aac', async () => {
    const flags = await ffmpegBuildConfiguration();
    // Guard against an empty answer passing the negative checks below.
    expect(flags).toContain('--enable-gpl');
    expect(flags).not.toContain('--enable-nonfree');
    expect(flags.join(' ')).not.toMatch(/fdk/i);
  });

  it('has the libraries the speech encoder uses', async () => {
    const flags = await ffmpegBuildConfiguration();
    expect(flags).toEqual(expect.arrayContaining(['--enable-libmp3lame', '--enable-libopus']));
  });

  it('survives many jobs in one instance and recovers after a failed one', async () => {
    const pcm = new Int16Array(8000);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin((i * 2 * Math.PI * 440) / 8000));
    const job = (codec: string[]) => ({
      input: new Uint8Array(pcm.buffer),
      inputArgs: ['-f', 's16le', '-ar', '8000', '-ac', '1'],
      outputArgs: ['-fflags', '+bitexact', '-flags:a', '+bitexact', ...codec],
      outputExt: 'out',
    });
    const codecs = [
      ['-c:a', 'libmp3lame', '-f', 'mp3'],
      ['-c:a', 'libopus', '-f', 'ogg'],
      ['-c:a', 'aac', '-f', 'adts'],
      ['-c:a', 'flac', '-f', 'flac'],
    ];
    const first = await Promise.all(codecs.map((codec) => runFfmpeg(job(codec))));
    // Every run leaks C stack unless it is restored; unrestored, this loop traps at about run 70.
    for (let i = 0; i < 120; i++) {
      const out = await runFfmpeg(job(codecs[i % 4]));
      expect(Buffer.from(out).equals(first[i % 4]), `run ${i} (${codecs[i % 4][1]})`).toBe(true);
    }
    await expect(runFfmpeg(job(['-c:a', 'libfdk_aac', '-f', 'adts']))).rejects.toThrow(/Unknown encoder 'libfdk_aac'/);
    expect(Buffer.from(await runFfmpeg(job(codecs[3]))).equals(first[3])).toBe(true);
  });
});
