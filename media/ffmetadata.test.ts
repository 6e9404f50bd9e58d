/**
 * The texts around ffmpeg: the FFMETADATA files the film join writes and reads back, and the
 * input report it takes durations and sizes from, which a file's own tags must not be able to forge.
 */
import { describe, expect, it } from 'vitest';
import { parseFfmetadata, storedValue, writeFfmetadata } from './ffmetadata.js';
import { parseInputReport } from './media-report.js';

describe('FFMETADATA', () => {
  it('reads back what it writes, whatever the characters', () => {
    const hostile = 'a=b; c#d \\e\nnext line\n[CHAPTER]\nSTART=5 🎬';
    const text = writeFfmetadata({ tags: { comment: hostile, __proto__x: 'p' }, chapters: [{ startMs: 0, endMs: 1500, title: hostile }, { startMs: 1500, endMs: 3000, title: '' }] });
    expect(text.split('\n').filter((l) => l === '[CHAPTER]')).toHaveLength(2);
    const back = parseFfmetadata(text);
    expect(back.tags).toEqual({ comment: hostile, __proto__x: 'p' });
    expect(back.chapters).toEqual([{ startMs: 0, endMs: 1500, title: hostile }, { startMs: 1500, endMs: 3000, title: '' }]);
  });

  it('reads ffmpeg\'s own output: comments, other time bases, stream sections left out', () => {
    const back = parseFfmetadata(';FFMETADATA1\n; a comment\n__proto__=x\nencoder=Lavf\n[STREAM]\ntitle=not the film\n[CHAPTER]\nTIMEBASE=1/48000\nSTART=48000\nEND=96000\ntitle=Two\\\nlines\n');
    expect(back.tags.encoder).toBe('Lavf');
    expect(back.tags.__proto__).toBe('x');
    expect(back.tags.title).toBeUndefined();
    expect(back.chapters).toEqual([{ startMs: 1000, endMs: 2000, title: 'Two\nlines' }]);
  });

  it('keeps every line under the bundled ffmpeg\'s 1 kB line buffer', () => {
    const text = writeFfmetadata({ tags: { comment: '#'.repeat(5000) }, chapters: [{ startMs: 0, endMs: 1, title: '🎬'.repeat(500) }] });
    for (const line of text.split('\n')) expect(Buffer.byteLength(line)).toBeLessThan(1024);
    expect(parseFfmetadata(text).chapters[0].title).toBe(storedValue('🎬'.repeat(500)));
    expect(storedValue('a\r\nb\0c')).toBe('a\nb c');
  });
});

describe('parseInputReport', () => {
  const report = [
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:clip.mp4':",
    '  Metadata:',
    '    major_brand     : isom',
    '    comment         : x',
    '                    :   Duration: 99:00:00.00, start: 0',
    '    Stream #0:0: Video: h264, yuv420p, 7680x4320, 1 fps',
    '  Duration: 00:00:05.04, start: 0.000000, bitrate: 279 kb/s',
    '    Chapter #0:0: start 0.000000, end 5.040000',
    '    Metadata:',
    '      title           : Stream #0:5: Video: h264, 9999x9999',
    '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080 [SAR 1:1 DAR 16:9], 274 kb/s, 29.97 fps, 29.97 tbr, 30k tbn, 59.94 tbc (default)',
    '    Metadata:',
    '      handler_name    : VideoHandler',
    '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)',
    '    Stream #0:2(eng): Data: bin_data (text / 0x74786574), 0 kb/s',
    "Output #0, ffmetadata, to 'pipe:1':",
    '    Stream #0:0: Video: h264, 10x10, 5 fps',
  ].join('\n');

  it('takes the duration and the streams from the input, not from its tags or the output', () => {
    expect(parseInputReport(report)).toEqual({
      durationSeconds: 5.04,
      streams: [{ kind: 'video', width: 1920, height: 1080, fps: 29.97 }, { kind: 'audio' }, { kind: 'data' }],
    });
  });

  it('reads each input of a run with several', () => {
    const two = `${report.split("Output #0")[0]}Input #1, mp3, from 'file:voice.mp3':\n  Duration: 00:00:03.03, start: 0.025057, bitrate: 64 kb/s\n    Stream #1:0: Audio: mp3, 44100 Hz, mono, fltp, 64 kb/s\n`;
    expect(parseInputReport(two, 0).durationSeconds).toBe(5.04);
    expect(parseInputReport(two, 1)).toEqual({ durationSeconds: 3.03, streams: [{ kind: 'audio' }] });
    expect(parseInputReport(two, 2)).toEqual({ streams: [] });
  });

  it('says nothing it was not told', () => {
    expect(parseInputReport('no input here')).toEqual({ streams: [] });
    expect(parseInputReport("Input #0, wav, from 'x':\n  Duration: N/A, bitrate: N/A\n    Stream #0:0: Audio: pcm_s16le")).toEqual({ streams: [{ kind: 'audio' }] });
  });
});
