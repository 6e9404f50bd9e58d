import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_LIMITS, MediaLimits } from '@shared/contract/settings.js';
import { checkLimits, DEFAULT_LIMITS, LIMIT_BOUNDS, LIMIT_KINDS, parseLimit } from './media-limits.js';

describe('the renderer’s copy of the media limits', () => {
  it('has the contract’s bounds: the host accepts each end and refuses one past it', () => {
    for (const kind of LIMIT_KINDS) {
      const { min, max } = LIMIT_BOUNDS[kind];
      const at = (n: number) => MediaLimits.shape[kind].safeParse(n).success;
      expect([at(min - 1), at(min), at(max), at(max + 1)], kind).toEqual([false, true, true, false]);
    }
  });

  it('has the contract’s defaults', () => {
    expect(DEFAULT_LIMITS).toEqual(DEFAULT_MEDIA_LIMITS);
  });
});

describe('a typed limit', () => {
  it('is refused when it is not a whole number of megabytes', () => {
    for (const text of ['', '  ', 'abc', '1.5', '-3', '1e3', '12 MB', '0x10', '١٠']) expect(parseLimit('imageMb', text), JSON.stringify(text)).toEqual({ problem: 'notWhole' });
  });

  it('is refused outside its bounds, which differ by kind', () => {
    expect(parseLimit('imageMb', '0')).toEqual({ problem: 'outOfRange' });
    expect(parseLimit('imageMb', '4097')).toEqual({ problem: 'outOfRange' });
    expect(parseLimit('videoMb', '4097')).toEqual({ value: 4097 });
    expect(parseLimit('videoMb', '99999999999999999999')).toEqual({ problem: 'outOfRange' });
  });

  it('is read with spaces around it and in full-width digits', () => {
    expect(parseLimit('audioMb', ' 250 ')).toEqual({ value: 250 });
    expect(parseLimit('audioMb', '２５０')).toEqual({ value: 250 });
  });

  it('names every field at fault at once', () => {
    expect(checkLimits({ imageMb: '0', videoMb: 'lots', audioMb: '20' })).toEqual({ problems: { imageMb: 'outOfRange', videoMb: 'notWhole' } });
    expect(checkLimits({ imageMb: '50', videoMb: '2048', audioMb: '20' })).toEqual({ limits: { imageMb: 50, videoMb: 2048, audioMb: 20 } });
  });
});
