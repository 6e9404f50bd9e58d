/** A call's native units, read from what was sent and answered, as an outsider would feed them. */
import { describe, expect, it } from 'vitest';
import { generationsVideoUnits, imageJobUnits, isZero, multipartVideoUnits, nativeUnits, speechUnits, textUnits, unitsOf } from './units.js';

describe('text tokens', () => {
  it('reads chat and responses usage, the common responses shape and native usageMetadata with thinking', () => {
    expect(textUnits({ prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 })).toEqual({ kind: 'text', input: 12, output: 30, thinking: 0 });
    expect(textUnits({ input_tokens: 7, output_tokens: 9 })).toEqual({ kind: 'text', input: 7, output: 9, thinking: 0 });
    expect(textUnits({ promptTokenCount: 5, candidatesTokenCount: 8, thoughtsTokenCount: 28, totalTokenCount: 41 })).toEqual({ kind: 'text', input: 5, output: 8, thinking: 28 });
    // A native answer that left out the candidates' count used none of them.
    expect(textUnits({ promptTokenCount: 5, totalTokenCount: 5 })).toEqual({ kind: 'text', input: 5, output: 0, thinking: 0 });
  });

  it('refuses counts it cannot trust instead of guessing', () => {
    for (const bad of [undefined, null, {}, { prompt_tokens: -1, completion_tokens: 3 }, { prompt_tokens: 1.5, completion_tokens: 3 },
      { prompt_tokens: '12', completion_tokens: 3 }, { prompt_tokens: 2 ** 60, completion_tokens: 1 }, { promptTokenCount: Number.NaN }]) {
      expect(textUnits(bad)).toBeUndefined();
    }
  });

  it('takes huge but exact counts as they are', () => {
    expect(textUnits({ prompt_tokens: 9_000_000_000_000, completion_tokens: 1 })).toMatchObject({ input: 9_000_000_000_000 });
  });
});

describe('native calls', () => {
  const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
  it('an image model asked for images bills the image parts it returned, across candidates', () => {
    const request = { contents: [{ parts: [{ text: 'kite' }] }], generationConfig: { responseModalities: ['IMAGE', 'TEXT'] } };
    const answer = { candidates: [{ content: { role: 'model', parts: [{ text: 'here' }, image, image] } }, { content: { role: 'model', parts: [image] } }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 } };
    expect(nativeUnits('modelc-2.5-flash-image-preview', request, answer)).toEqual({ kind: 'native-image', images: 3 });
    // None returned: zero images, not the text's tokens.
    expect(nativeUnits('modelc-2.5-flash-image-preview', request, { candidates: [{ content: { role: 'model', parts: [{ text: 'no' }] } }] })).toEqual({ kind: 'native-image', images: 0 });
  });

  it('the same model asked for text only bills tokens, as a text model', () => {
    const answer = { candidates: [], usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 6, totalTokenCount: 10 } };
    expect(nativeUnits('modelc-2.5-flash-image-preview', { contents: [] }, answer)).toEqual({ kind: 'text', input: 4, output: 6, thinking: 0 });
  });
});

describe('media jobs', () => {
  it('image jobs: n at the resolution class, with each model\'s defaults from spec §2.15', () => {
    expect(imageJobUnits({ model: 'seedream-4-0', prompt: 'p', n: 3, resolution: '4K' })).toEqual({ kind: 'image', images: 3, resolution: '4K' });
    expect(imageJobUnits({ model: 'seedream-4-5', prompt: 'p' })).toEqual({ kind: 'image', images: 1, resolution: '2K' });
    expect(imageJobUnits({ model: 'seedream-4-0', prompt: 'p' })).toEqual({ kind: 'image', images: 1, resolution: '1K' });
    // References and results together are at most 15.
    expect(imageJobUnits({ model: 'seedream-4-5', prompt: 'p', n: 15, image_urls: Array(10).fill('https://x/y.png') })).toMatchObject({ images: 5 });
  });

  it('image jobs the studio could not have sent are no units', () => {
    expect(imageJobUnits({ model: 'seedream-4-5', prompt: 'p', resolution: '1K' })).toBeUndefined();
    expect(imageJobUnits({ model: 'nobody', prompt: 'p' })).toBeUndefined();
    expect(imageJobUnits({ model: 'seedream-4-0', prompt: 'p', n: '2' })).toBeUndefined();
  });

  it('video: seconds at 720p on the generations route, the short side\'s class on the multipart route', () => {
    expect(generationsVideoUnits({ model: 'modelg3', prompt: 'w', duration: 12 })).toEqual({ kind: 'video', seconds: 12, size: '720p' });
    expect(generationsVideoUnits({ model: 'modelf-hailuo-02', prompt: 'w' })).toEqual({ kind: 'video', seconds: 5, size: '720p' });
    expect(multipartVideoUnits({ model: 'wan2.6-t2v-preview', prompt: 'w', seconds: '10', size: '1080*1920' })).toEqual({ kind: 'video', seconds: 10, size: '1080p' });
    expect(multipartVideoUnits({ model: 'wan2.5-t2v-preview', prompt: 'w' })).toEqual({ kind: 'video', seconds: 5, size: '720p' });
  });

  it('speech: the characters of input', () => {
    expect(speechUnits({ model: 'tts-1', input: 'Hello, kite.', voice: 'alloy' })).toEqual({ kind: 'speech', characters: 12 });
    expect(speechUnits({ model: 'tts-1', voice: 'alloy' })).toBeUndefined();
  });

  it('routes to the right reader, and knows a call that used nothing', () => {
    expect(unitsOf({ route: 'chat', model: 'modela-5', request: {}, answer: { usage: { prompt_tokens: 0, completion_tokens: 0 } } })).toEqual({ kind: 'text', input: 0, output: 0, thinking: 0 });
    expect(isZero({ kind: 'text', input: 0, output: 0, thinking: 0 })).toBe(true);
    expect(isZero({ kind: 'speech', characters: 1 })).toBe(false);
    expect(unitsOf({ route: 'video-multipart', model: 'wan2.5-t2v-preview', request: { model: 'wan2.5-t2v-preview', prompt: 'x', size: '1920*1080' } })).toEqual({ kind: 'video', seconds: 5, size: '1080p' });
  });
});
