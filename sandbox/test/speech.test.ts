import { describe, expect, it } from 'vitest';
import { inspectAudio } from '@media/audio-inspect.js';
import { call, errorOf, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;
const TEXT = 'The quick brown fox jumps over the lazy dog near the quiet river bank.';
const speak = (body: Record<string, unknown>) => call(url(), '/v1/audio/speech', { body: { model: 'tts-1', input: TEXT, voice: 'alloy', ...body } });

describe('speech synthesis (spec 4.10)', () => {
  it.each([
    ['mp3', 'audio/mpeg', 'mp3'],
    ['opus', 'audio/ogg', 'ogg-opus'],
    ['aac', 'audio/aac', 'adts-aac'],
    ['flac', 'audio/flac', 'flac'],
  ])('returns real %s audio with its Content-Type and Content-Length, no envelope', async (format, type, container) => {
    const res = await speak({ response_format: format });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    const audio = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(audio.length);
    const info = inspectAudio(audio);
    expect(info.container).toBe(container);
    // A 14-word sentence takes a few seconds to say.
    expect(info.durationSeconds).toBeGreaterThan(2);
    expect(info.durationSeconds).toBeLessThan(10);
  });

  it('defaults to mp3', async () => {
    const res = await speak({});
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('speed changes the duration', async () => {
    const at = async (speed: number) => inspectAudio(Buffer.from(await (await speak({ speed, response_format: 'flac' })).arrayBuffer())).durationSeconds;
    const [normal, fast, slow] = [await at(1), await at(2), await at(0.5)];
    expect(fast / normal).toBeGreaterThan(0.35);
    expect(fast / normal).toBeLessThan(0.65);
    expect(slow / normal).toBeGreaterThan(1.6);
  });

  it('voices sound different', async () => {
    const bytes = await Promise.all(['alloy', 'onyx', 'shimmer'].map(async (voice) => Buffer.from(await (await speak({ voice, response_format: 'flac' })).arrayBuffer()).toString('base64')));
    expect(new Set(bytes).size).toBe(3);
  });

  it('bills by characters: tts-1-hd costs more than tts-1', async () => {
    const used = async () => (await (await call(url(), '/v1/account/balance')).json()).data.total_used as number;
    const a = await used();
    await speak({});
    const b = await used();
    await speak({ model: 'tts-1-hd' });
    const c = await used();
    expect(b - a).toBeGreaterThan(0);
    expect(c - b).toBeGreaterThan(b - a);
  });

  it('counts each text it billed in /_sandbox/submissions, and none it refused', async () => {
    const counted = async () => ((await (await fetch(`${url()}/_sandbox/submissions`)).json()) as { speech: Record<string, number> }).speech;
    await speak({ input: 'Counted twice.' });
    await speak({ input: 'Counted twice.' });
    await speak({ input: 'Refused.', voice: 'bob' });
    const speech = await counted();
    expect(speech['Counted twice.']).toBe(2);
    expect(speech['Refused.']).toBeUndefined();
  });

  const refused: [string, Record<string, unknown>, string, RegExp][] = [
    ['input over 4096 characters', { input: 'a'.repeat(4097) }, 'input', /4096/],
    ['empty input', { input: '' }, 'input', /empty/],
    ['speed 0.2', { speed: 0.2 }, 'speed', /0.25 to 4/],
    ['speed 4.5', { speed: 4.5 }, 'speed', /0.25 to 4/],
    ['an unknown voice', { voice: 'bob' }, 'voice', /alloy, echo, fable, onyx, nova, shimmer/],
    ['wav format', { response_format: 'wav' }, 'response_format', /mp3, opus, aac, flac/],
    ['an unknown model', { model: 'tts-2' }, 'model', /tts-1, tts-1-hd/],
  ];
  it.each(refused)('refuses %s with 400', async (_n, body, param, allowed) => {
    const e = await errorOf(await speak(body));
    expect(e).toMatchObject({ status: 400, param, type: 'invalid_request_error' });
    expect(e.message).toMatch(allowed);
  });

  it('accepts the limits exactly: 4096 characters, speed 0.25 and 4', async () => {
    expect((await speak({ input: 'ab '.repeat(1365) + 'a', speed: 4, response_format: 'opus' })).status).toBe(200);
    expect((await speak({ input: 'Slow.', speed: 0.25 })).status).toBe(200);
  });
});
