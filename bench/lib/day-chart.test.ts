import { describe, expect, it } from 'vitest';
import { chartSvg } from './day-chart.js';
import type { Reading } from './day-memory.js';

const MB = 1024 * 1024;
const reading = (label: string, at: number, heap: number, rss: number): Reading => ({ label, at, heap: heap * MB, nodes: 0, listeners: 0, rss: rss * MB, anon: NaN, file: NaN, threads: NaN });

describe('the day chart', () => {
  const readings = [reading('first load', 0, 6, 240), reading('day 1 end', 600, 19.6, 204), reading('day 2 end', 1200, 20.7, 199)];
  const svg = chartSvg(readings, [{ mb: 24, label: 'day 1 budget' }], [{ mb: 290, label: 'first load + 50 MB' }], ['day 1 end', 'day 2 end']);

  it('draws the heap and the RSS as one line each, a dot per reading', () => {
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.match(/<circle /g)).toHaveLength(6);
  });

  it('names the panels, the day ends and each budget line', () => {
    for (const text of ['renderer JS heap after a forced GC (MB)', 'host RSS (MB)', 'day 1 end', 'day 2 end', 'day 1 budget', 'first load + 50 MB']) expect(svg).toContain(`>${text}</text>`);
  });

  it('leaves out a reading the host could not give (off Linux) rather than drawing NaN', () => {
    const off = chartSvg([reading('a', 0, 5, NaN), reading('b', 10, 6, NaN)], [], [], []);
    expect(off).not.toContain('NaN');
  });
});
