// @vitest-environment happy-dom
/**
 * The note under a result whose delivered size is not the one asked for, as a creator reads it:
 * requested against delivered in plain words; from the offline sandbox also why (it encodes smaller
 * previews on purpose); from any other gateway the same neutral words and no excuse made for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItemView } from '@shared/contract/library.js';
import { setLanguage } from '../../i18n/index.js';
import { cleanup, mount } from '../../test/mount.js';
import { SizeNote } from './size-note.js';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const SANDBOX = 'http://127.0.0.1:41234';

function item(over: Partial<LibraryItemView>): LibraryItemView {
  return {
    id: 'i1', kind: 'video', file: 'a.mp4', mime: 'video/mp4', bytes: 10, prompt: 'p', model: 'modelh-sora-2',
    params: {}, createdAt: 0, savedAt: 0, ...over,
  };
}

const text = (host: HTMLElement) => host.querySelector('[data-testid="size-note"]')?.textContent ?? null;

describe('the delivered-size note', () => {
  it('says a portrait 1080×1920 request came back as 270×480, and that the sandbox does so on purpose', async () => {
    const video = item({ params: { size: '1080*1920' }, width: 270, height: 480, sourceUrl: `${SANDBOX}/files/abc/video.mp4` });
    const { host } = await mount(<SizeNote item={video} sandboxUrl={SANDBOX} />);
    expect(text(host)).toContain('Requested 1080×1920, delivered 270×480.');
    expect(text(host)).toContain('The offline sandbox encodes smaller previews on purpose');
  });

  it('says the same neutrally for another gateway, with no word of the sandbox', async () => {
    const video = item({ params: { size: '1920*1080' }, width: 1280, height: 720, sourceUrl: 'https://cdn.example.com/v/abc.mp4' });
    const { host } = await mount(<SizeNote item={video} sandboxUrl={SANDBOX} />);
    expect(text(host)).toBe('Requested 1920×1080, delivered 1280×720.');
  });

  it('names the sandbox by its address, not by a look-alike on another port', async () => {
    const video = item({ params: { size: '1080*1920' }, width: 270, height: 480, sourceUrl: 'http://127.0.0.1:41235/files/abc/video.mp4' });
    const { host } = await mount(<SizeNote item={video} sandboxUrl={SANDBOX} />);
    expect(text(host)).toBe('Requested 1080×1920, delivered 270×480.');
  });

  it('says nothing when the size delivered is the one asked for, or the one an image job was promised', async () => {
    const exact = item({ params: { size: '1280*720' }, width: 1280, height: 720, sourceUrl: 'https://cdn.example.com/v.mp4' });
    const { host } = await mount(<SizeNote item={exact} sandboxUrl={SANDBOX} />);
    expect(text(host)).toBeNull();
    cleanup();
    // The form promised "Output 2736 × 1536 px" for 16:9 at 2K; the sandbox delivers exactly that.
    const picture = item({ kind: 'image', mime: 'image/png', params: { size: '16:9', resolution: '2K' }, width: 2736, height: 1536, sourceUrl: `${SANDBOX}/files/x.png` });
    const again = await mount(<SizeNote item={picture} sandboxUrl={SANDBOX} />);
    expect(text(again.host)).toBeNull();
  });

  it('says an image job that came back smaller than its resolution promised', async () => {
    const picture = item({ kind: 'image', mime: 'image/png', params: { size: '16:9', resolution: '2K' }, width: 1024, height: 576, sourceUrl: 'https://cdn.example.com/x.png' });
    const { host } = await mount(<SizeNote item={picture} sandboxUrl={SANDBOX} />);
    expect(text(host)).toBe('Requested 2736×1536, delivered 1024×576.');
  });

  it('tells why a sandbox video named only by its ratio is small, without inventing a requested size', async () => {
    const video = item({ params: { aspect_ratio: '16:9', duration: 5 }, width: 320, height: 180, sourceUrl: `${SANDBOX}/files/v.mp4` });
    const { host } = await mount(<SizeNote item={video} sandboxUrl={SANDBOX} />);
    expect(text(host)).not.toContain('Requested');
    expect(text(host)).toContain('The offline sandbox encodes smaller previews on purpose');
  });

  it('ignores sizes a gateway or a file could not mean: no size read, a malformed request, a bad link', async () => {
    for (const over of [
      { params: { size: '1080*1920' } },
      { params: { size: '1080x1920; drop' }, width: 270, height: 480, sourceUrl: 'not a url' },
      { kind: 'image' as const, params: { size: 'huge', resolution: '9K' }, width: 10, height: 10 },
    ]) {
      const { host } = await mount(<SizeNote item={item(over)} sandboxUrl={undefined} />);
      expect(text(host)).toBeNull();
      cleanup();
    }
  });

  it('reads in Chinese too', async () => {
    await setLanguage('zh-CN');
    const video = item({ params: { size: '1080*1920' }, width: 270, height: 480, sourceUrl: `${SANDBOX}/files/v.mp4` });
    const { host } = await mount(<SizeNote item={video} sandboxUrl={SANDBOX} />);
    expect(text(host)).toContain('1080×1920');
    expect(text(host)).not.toContain('Requested');
  });
});
