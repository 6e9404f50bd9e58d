import { describe, expect, it } from 'vitest';
import { ratioOf } from './library-shape.js';
import { ASPECT_BUCKETS, COST_BUCKETS, DATE_BUCKETS, RESOLUTION_BUCKETS, aspectCode, costCode, dateCode, resolutionCode } from './library-facets.js';

const HOUR = 3_600_000;

describe('facet buckets (docs/data.md, "Facets")', () => {
  it('puts common pictures where a creator expects them', () => {
    const aspect = (w: number, h: number) => ASPECT_BUCKETS[aspectCode(ratioOf(w, h))];
    expect([aspect(1080, 1920), aspect(1024, 1024), aspect(1920, 1080), aspect(2560, 1080), aspect(1, 0)]).toEqual(['portrait', 'square', 'landscape', 'wide', 'unknown']);
    const mp = (w: number, h: number) => RESOLUTION_BUCKETS[resolutionCode(w * h)];
    expect([mp(512, 512), mp(1024, 1024), mp(1920, 1080), mp(3840, 2160), mp(0, 0)]).toEqual(['small', 'medium', 'large', 'huge', 'unknown']);
  });

  it('counts every amount and age once', () => {
    expect([0, 0.01, 0.05, 0.2, 0.5, 3, NaN].map((a) => COST_BUCKETS[costCode(a)])).toEqual(['free', 'low', 'mid', 'mid', 'high', 'high', 'unknown']);
    const now = 1_000 * 24 * HOUR;
    expect([1, 23, 24, 24 * 6, 24 * 7, 24 * 29, 24 * 30, 24 * 364, 24 * 365].map((h) => DATE_BUCKETS[dateCode(now - h * HOUR, now)]))
      .toEqual(['day', 'day', 'week', 'week', 'month', 'month', 'year', 'year', 'older']);
  });
});
