/**
 * Files dropped onto the Gallery, through the contract on a real core (docs/library-files.md,
 * "Bringing files in"): real pictures with the text chunks other tools write, the studio's own
 * saved files read back, sound, and crafted or wrong files that are refused with a reason at once.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installedFfmpegPath } from '@media/ffmpeg-process.js';
import { renderPromptVideo } from '@sandbox/media/video-render.js';
import { openCore } from '../test/open-core.js';
import { addPngText } from './png-text.js';
import { claimingPng } from './test/crafted.js';
import { incomingFile, jpegBytes, meta, mp3Bytes, openLibrary, tempDirs, type TempDirs } from './test/fixtures.js';

let dirs: TempDirs;
beforeEach(async () => {
  dirs = await tempDirs();
});
afterEach(() => dirs.cleanup());

const picture = (seed: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 120, b: 200 } } }).png().toBuffer();

const A1111 = 'a lighthouse at dusk, oil painting\nNegative prompt: blurry, lowres\nSteps: 20, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567, Size: 512x512, Model: sd_xl_base_1.0';

const COMFY = JSON.stringify({
  3: { class_type: 'KSampler', inputs: { seed: 42, steps: 25, cfg: 6.5, sampler_name: 'euler', positive: ['6', 0], negative: ['7', 0], model: ['4', 0] } },
  4: { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'dreamshaper_8.safetensors' } },
  6: { class_type: 'CLIPTextEncode', inputs: { text: 'a red fox in fresh snow', clip: ['4', 1] } },
  7: { class_type: 'CLIPTextEncode', inputs: { text: 'watermark', clip: ['4', 1] } },
});

/** A mono 16-bit PCM WAV of a tenth of a second of silence. */
function wavBytes(): Buffer {
  const data = Buffer.alloc(1600);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

async function core() {
  const c = await openCore();
  const add = (name: string, data: Buffer) => c.value('library.importFile', { name, data: new Uint8Array(data) });
  return { ...c, add };
}

describe('library.importFile: what other tools wrote is read', () => {
  it('an AUTOMATIC1111 PNG: its prompt, negative prompt, model and settings, searchable, with a thumbnail', async () => {
    const { add, value, libraryFile } = await core();
    const out = await add('lighthouse.png', await addPngText(await picture(10), [{ keyword: 'parameters', text: A1111 }]));
    expect(out.outcome).toBe('added');
    const item = out.item;
    expect(item.prompt).toBe('a lighthouse at dusk, oil painting');
    expect(item.model).toBe('sd_xl_base_1.0');
    expect(item.params).toMatchObject({ negative_prompt: 'blurry, lowres', steps: 20, sampler: 'DPM++ 2M Karras', cfg_scale: 7, seed: 1234567, size: '512x512', source: 'imported', tool: 'AUTOMATIC1111' });
    expect(item.kind).toBe('image');
    expect(item.thumb).toBeTruthy();
    expect((await libraryFile(item.file)).length).toBeGreaterThan(0);
    const found = await value('library.list', { text: 'lighthouse' });
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
  });

  it('a ComfyUI PNG: the positive text its sampler names, the checkpoint as the model', async () => {
    const { add } = await core();
    const out = await add('fox.png', await addPngText(await picture(20), [{ keyword: 'prompt', text: COMFY }, { keyword: 'workflow', text: '{"nodes":[]}' }]));
    expect(out.item).toMatchObject({ prompt: 'a red fox in fresh snow', model: 'dreamshaper_8.safetensors' });
    expect(out.item.params).toMatchObject({ negative_prompt: 'watermark', seed: 42, steps: 25, cfg_scale: 6.5, sampler: 'euler', tool: 'ComfyUI' });
  });

  it('an InvokeAI PNG: its invokeai_metadata record', async () => {
    const { add } = await core();
    const record = JSON.stringify({ positive_prompt: 'a glass city', negative_prompt: 'fog', seed: 7, steps: 30, cfg_scale: 5, model: { name: 'juggernaut' } });
    const out = await add('city.png', await addPngText(await picture(30), [{ keyword: 'invokeai_metadata', text: record }]));
    expect(out.item).toMatchObject({ prompt: 'a glass city', model: 'juggernaut', params: { negative_prompt: 'fog', seed: 7, steps: 30, tool: 'InvokeAI' } });
  });

  it('a picture with nothing inside is added as "imported" with an empty prompt; WAV and MP3 as sound', async () => {
    const { add } = await core();
    const plain = await add('plain.png', await picture(40));
    expect(plain.item).toMatchObject({ prompt: '', model: 'imported', params: { source: 'imported' } });
    const wav = await add('tone.wav', wavBytes());
    expect(wav.item).toMatchObject({ kind: 'audio', model: 'imported' });
    const mp3 = await add('tone.mp3', mp3Bytes());
    expect(mp3.item).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
  });
});

describe('library.importFile: the studio reads its own saved files back', () => {
  let clip: Buffer;
  let ffmpeg: string | undefined;
  beforeAll(async () => {
    ffmpeg = await installedFfmpegPath();
    clip = (await renderPromptVideo({ prompt: 'Waves on a beach', seconds: 1, width: 160, height: 90 })).mp4;
  }, 60_000);

  /** A file as the studio saves it into its library, metadata inside. */
  async function savedByStudio(bytes: Buffer, over: Parameters<typeof meta>[0]): Promise<Buffer> {
    const lib = openLibrary(dirs, { metadata: true, ffmpeg: true });
    const item = await lib.add({ source: await incomingFile(dirs, bytes), meta: meta(over), name: 'x' });
    return readFile(lib.resolve(item.file));
  }

  it('a PNG: its exact record (prompt, model, settings, when it was made)', async () => {
    const { add } = await core();
    const png = await savedByStudio(await picture(50), { prompt: 'A fox in snow, 雪', params: { size: '1024x1024', seed: 99 } });
    const out = await add('fox.png', png);
    expect(out.item).toMatchObject({ prompt: 'A fox in snow, 雪', model: 'seedream-4-5', createdAt: 1_750_000_000_000, params: { size: '1024x1024', seed: 99, tool: 'Gateway Studio' } });
  });

  it('a JPEG: its parameters comment', async () => {
    const { add } = await core();
    const jpg = await savedByStudio(jpegBytes(32, 24), { prompt: 'Autumn leaves', params: { aspect_ratio: '4:3', seed: 5 } });
    const out = await add('leaves.jpg', jpg);
    expect(out.item).toMatchObject({ prompt: 'Autumn leaves', model: 'seedream-4-5', params: { aspect_ratio: '4:3', seed: 5 } });
  });

  it('an MP4: its comment tag', async (ctx) => {
    if (!ffmpeg) ctx.skip();
    const { add } = await core();
    const mp4 = await savedByStudio(clip, { kind: 'video', prompt: 'Waves on a beach', model: 'veo-3', params: { seconds: 1 } });
    const out = await add('waves.mp4', mp4);
    expect(out.item).toMatchObject({ kind: 'video', prompt: 'Waves on a beach', model: 'veo-3', params: { seconds: 1 } });
  }, 60_000);
});

describe('library.importFile: refused with a reason, bounded, added once', () => {
  it('a text file named .png is refused with its name and what it is', async () => {
    const { add, value } = await core();
    const out = await add('notes.png', Buffer.from('just some notes\nnot a picture\n'));
    expect(out).toMatchObject({ outcome: 'skipped', name: 'notes.png' });
    expect(out.reason.message).toBe('notes.png is not a picture, video or sound file (it is plain text).');
    expect((await value('library.list', {})).total).toBe(0);
  });

  it('a truncated PNG and one whose chunk claims 2 GB are refused as damaged, at once', async () => {
    const { add } = await core();
    const whole = await addPngText(await picture(60), [{ keyword: 'parameters', text: A1111 }]);
    const cut = await add('cut.png', whole.subarray(0, whole.length - 40));
    expect(cut.reason.message).toBe('cut.png is damaged or cut short, so it was not added.');
    const rss = process.memoryUsage().rss;
    const claiming = await add('claim.png', claimingPng('tEXt', 0x80000000));
    expect(claiming).toMatchObject({ outcome: 'skipped' });
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);
  });

  it('a 10 MB text chunk is passed over: the picture is added with the other chunks read', async () => {
    const { add } = await core();
    const png = await addPngText(await picture(70), [{ keyword: 'Comment', text: 'x'.repeat(10 * 1024 * 1024) }, { keyword: 'parameters', text: A1111 }]);
    const out = await add('big-text.png', png);
    expect(out.item.prompt).toBe('a lighthouse at dusk, oil painting');
    expect(JSON.stringify(out.item).length).toBeLessThan(10_000);
  });

  it('the same file twice is added once, and again after the first is removed', async () => {
    const { add, value } = await core();
    const png = await addPngText(await picture(80), [{ keyword: 'parameters', text: A1111 }]);
    const first = await add('a.png', png);
    const [again, twice] = await Promise.all([add('a copy.png', png), add('a.png', png)]);
    expect(again).toMatchObject({ outcome: 'skipped', duplicateOf: first.item.id });
    expect(again.reason.message).toBe('a copy.png is already in the library.');
    expect(twice.outcome).toBe('skipped');
    expect((await value('library.list', {})).total).toBe(1);
    await value('library.remove', { id: first.item.id });
    expect((await add('a.png', png)).outcome).toBe('added');
  });
});
