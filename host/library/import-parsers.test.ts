/**
 * The readers of what other tools write, on the texts themselves: quoted values, a prompt alone,
 * a graph read no other way, and a compressed chunk that would inflate far past its bound.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fromPngTexts, MAX_TEXT_BYTES, pngTexts } from './import-metadata.js';
import { parseComfy, parseParameters } from './import-parsers.js';
import { addPngText } from './png-text.js';
import { pngBytes } from './test/fixtures.js';

describe('parameters text', () => {
  it('reads a quoted value, a many-line prompt and negative prompt', () => {
    const read = parseParameters('a castle,\non a hill\nNegative prompt: fog,\nrain\nSteps: 30, Lora hashes: "a: 1, b: 2", Seed: 9, Model: m1');
    expect(read).toMatchObject({ prompt: 'a castle,\non a hill', model: 'm1', params: { negative_prompt: 'fog,\nrain', steps: 30, lora_hashes: 'a: 1, b: 2', seed: 9 } });
  });

  it('keeps a one-line text as the prompt, even with colons and commas in it', () => {
    expect(parseParameters('ratio: wide, mood: calm')).toMatchObject({ prompt: 'ratio: wide, mood: calm', params: {} });
  });
});

describe('ComfyUI', () => {
  it('keeps a graph with no text node raw, as a setting', () => {
    const read = parseComfy('{"1":{"class_type":"LoadImage","inputs":{"image":"a.png"}}}');
    expect(read.prompt).toBeUndefined();
    expect(read.params.comfyui_prompt).toContain('LoadImage');
  });

  it('keeps text that is not JSON raw', () => {
    expect(parseComfy('{not json').params).toEqual({ comfyui_prompt: '{not json' });
  });
});

describe('PNG text chunks', () => {
  it('inflates a zTXt with its output capped: a small chunk claiming far more is passed over', async () => {
    const bomb = deflateSync(Buffer.alloc(MAX_TEXT_BYTES * 8, 0x61));
    const ztxt = Buffer.concat([Buffer.from('parameters\0\0', 'latin1'), bomb]);
    const png = pngBytes(8, 8);
    // A zTXt chunk spliced in after IHDR (8 + 25 bytes), its CRC left as zeros: only lengths are read.
    const chunk = Buffer.alloc(12 + ztxt.length);
    chunk.writeUInt32BE(ztxt.length, 0);
    chunk.write('zTXt', 4, 'latin1');
    ztxt.copy(chunk, 8);
    const spliced = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    expect(pngTexts(spliced)).toEqual({});
    expect(fromPngTexts(pngTexts(await addPngText(png, [{ keyword: 'Description', text: 'just a prompt' }])))).toMatchObject({ prompt: 'just a prompt' });
  });
});
