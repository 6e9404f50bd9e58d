import { beforeAll, describe, expect, it } from 'vitest';
import { activeFraction, medianPitchHz, rmsDbfs } from './audio-analysis.js';
import { decodeAudio } from './audio-decode.js';
import { inspectAudio, type AudioContainer } from '@media/audio-inspect.js';
import {
  preloadSpeechEngines,
  synthesizeSpeech,
  SPEECH_VOICE_IDS,
  type SpeechFormat,
  type SpeechRequest,
  type SynthesizedSpeech,
} from './speech-synth.js';

// 12 words, 74 characters.
const SENTENCE = 'Please remember to bring your umbrella because it may rain this afternoon.';

const EXPECTED: Record<SpeechFormat, { container: AudioContainer; contentType: string }> = {
  mp3: { container: 'mp3', contentType: 'audio/mpeg' },
  opus: { container: 'ogg-opus', contentType: 'audio/ogg' },
  aac: { container: 'adts-aac', contentType: 'audio/aac' },
  flac: { container: 'flac', contentType: 'audio/flac' },
};
const FORMATS = Object.keys(EXPECTED) as SpeechFormat[];

function speak(overrides: Partial<SpeechRequest> = {}): Promise<SynthesizedSpeech> {
  return synthesizeSpeech({ text: SENTENCE, voice: 'alloy', format: 'flac', speed: 1, model: 'tts-1', ...overrides });
}

/** Duration as the container reports it, which is what a client would see. */
async function measured(overrides: Partial<SpeechRequest>): Promise<number> {
  return inspectAudio((await speak(overrides)).audio).durationSeconds;
}

beforeAll(async () => {
  await preloadSpeechEngines();
});

describe('synthesizeSpeech formats', () => {
  const results = new Map<SpeechFormat, SynthesizedSpeech>();
  beforeAll(async () => {
    for (const format of FORMATS) results.set(format, await speak({ format }));
  });

  it.each(FORMATS)('%s is recognised by its container with the right content type', (format) => {
    const out = results.get(format)!;
    const info = inspectAudio(out.audio);
    expect(info.container).toBe(EXPECTED[format].container);
    expect(out.contentType).toBe(EXPECTED[format].contentType);
    expect(info.sampleRate).toBe(format === 'opus' ? 48000 : 24000);
  });

  it.each(FORMATS)('%s lasts as long as a 12-word sentence takes and as reported', (format) => {
    const out = results.get(format)!;
    const { durationSeconds } = inspectAudio(out.audio);
    expect(durationSeconds).toBeGreaterThan(2);
    expect(durationSeconds).toBeLessThan(8);
    expect(Math.abs(durationSeconds - out.durationSeconds) / out.durationSeconds).toBeLessThan(0.05);
  });

  it('gives consistent durations across formats', () => {
    const durations = FORMATS.map((f) => inspectAudio(results.get(f)!.audio).durationSeconds);
    const mean = durations.reduce((a, b) => a + b) / durations.length;
    for (const d of durations) expect(Math.abs(d - mean) / mean).toBeLessThan(0.15);
  });

  it.each(FORMATS)('%s decodes to speech, not silence or a steady tone', async (format) => {
    const decoded = await decodeAudio(results.get(format)!.audio, 16000);
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(2);
    expect(rmsDbfs(decoded.samples)).toBeGreaterThan(-30);
    // Speech alternates sound and pauses between words.
    const active = activeFraction(decoded.samples, decoded.sampleRate);
    expect(active).toBeGreaterThan(0.4);
    expect(active).toBeLessThan(0.98);
    // A voiced fundamental in the human speaking range.
    const pitch = medianPitchHz(decoded.samples, decoded.sampleRate);
    expect(pitch).toBeGreaterThan(70);
    expect(pitch).toBeLessThan(350);
  });

  it('is deterministic for the same request', async () => {
    const again = await speak({ format: 'flac' });
    expect(again.audio.equals(results.get('flac')!.audio)).toBe(true);
  });
});

describe('synthesizeSpeech speed', () => {
  let normal = 0;
  beforeAll(async () => {
    normal = await measured({ speed: 1 });
  });

  it.each([
    [2, 0.5],
    [0.5, 2],
    [4, 0.25],
    [0.25, 4],
  ])('speed %s takes about %s× as long as speed 1', async (speed, ratio) => {
    const d = await measured({ speed, format: 'mp3' });
    expect(d / normal).toBeGreaterThan(ratio * 0.85);
    expect(d / normal).toBeLessThan(ratio * 1.15);
  });
});

describe('synthesizeSpeech voices', () => {
  it('gives each of the six voices its own audio', async () => {
    const outs = await Promise.all(SPEECH_VOICE_IDS.map((voice) => speak({ voice })));
    const unique = new Set(outs.map((o) => o.audio.toString('base64')));
    expect(unique.size).toBe(SPEECH_VOICE_IDS.length);
  });

  it('makes nova and shimmer sound higher than echo and onyx', async () => {
    const pitch = async (voice: SpeechRequest['voice']) => {
      const decoded = await decodeAudio((await speak({ voice })).audio, 16000);
      return medianPitchHz(decoded.samples, decoded.sampleRate);
    };
    const [onyx, echo, nova, shimmer] = [await pitch('onyx'), await pitch('echo'), await pitch('nova'), await pitch('shimmer')];
    expect(onyx).toBeLessThan(echo);
    expect(nova).toBeGreaterThan(echo * 1.6);
    expect(shimmer).toBeGreaterThan(echo * 1.6);
    expect(Math.abs(shimmer - nova)).toBeGreaterThan(15);
  });
});

describe('synthesizeSpeech models and limits', () => {
  it('serves tts-1-hd at 48 kHz', async () => {
    for (const format of ['mp3', 'aac', 'flac'] as const) {
      expect(inspectAudio((await speak({ format, model: 'tts-1-hd' })).audio).sampleRate).toBe(48000);
    }
  });

  it('speaks a 4096-character text', async () => {
    const text = (SENTENCE + ' ').repeat(60).slice(0, 4096);
    const out = await speak({ text, format: 'opus', speed: 4 });
    const { container, durationSeconds } = inspectAudio(out.audio);
    expect(container).toBe('ogg-opus');
    // 55 sentences of ~3.9 s, four times faster.
    expect(durationSeconds).toBeGreaterThan(40);
    expect(durationSeconds).toBeLessThan(80);
  });

  it('speaks text that looks like command-line options and non-ASCII text', async () => {
    for (const text of ['--help -v xx', 'Ça coûte 5 € — naïve café.']) {
      expect(inspectAudio((await speak({ text, format: 'mp3' })).audio).durationSeconds).toBeGreaterThan(0.5);
    }
  });

  it.each([
    ['blank text', { text: '   ' }, /empty/],
    ['4097 characters', { text: 'a'.repeat(4097) }, /4097/],
    ['speed 4.5', { speed: 4.5 }, /speed/],
    ['speed 0.2', { speed: 0.2 }, /speed/],
    ['speed NaN', { speed: Number.NaN }, /speed/],
    ['voice ash', { voice: 'ash' as SpeechRequest['voice'] }, /voice/],
    ['format wav', { format: 'wav' as SpeechFormat }, /format/],
    ['model tts-2', { model: 'tts-2' as SpeechRequest['model'] }, /model/],
  ] as const)('rejects %s', async (_label, overrides, message) => {
    await expect(speak(overrides)).rejects.toThrow(message);
  });
});
