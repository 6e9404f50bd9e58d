/**
 * "Heap over time" of bench/day.ts as a small SVG file: the page's JS heap (forced GC) and the
 * host's RSS against the seconds since the first reading, one panel each on its own scale from
 * zero, a dot per reading, the day ends marked and each panel's budget drawn as a dashed line.
 * Plain SVG text, so any browser opens it and nothing new is installed.
 */
import { writeFileSync } from 'node:fs';
import type { Reading } from './day-memory.js';

export interface ChartLine {
  /** Where the line sits, in MB, and what it says beside it. */
  mb: number;
  label: string;
}

interface Panel {
  title: string;
  value: (r: Reading) => number;
  lines: ChartLine[];
  color: string;
}

const WIDTH = 720;
const PANEL = 200;
const LEFT = 56;
const RIGHT = 150;
const TOP = 28;
const GAP = 44;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const MB = 1024 * 1024;

/** A round top for a scale, at or above `max`: a power of ten times 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8. */
function niceTop(max: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(max, 1)));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * p).find((v) => v >= max)!;
}

/** The SVG text of the chart. `marks`: labels of readings that get a vertical line (the day ends). */
export function chartSvg(readings: Reading[], heapLines: ChartLine[], rssLines: ChartLine[], marks: string[]): string {
  const panels: Panel[] = [
    { title: 'renderer JS heap after a forced GC (MB)', value: (r) => r.heap / MB, lines: heapLines, color: '#1f6fb2' },
    { title: 'host RSS (MB)', value: (r) => r.rss / MB, lines: rssLines, color: '#b2461f' },
  ];
  const end = Math.max(...readings.map((r) => r.at), 1);
  const x = (s: number) => LEFT + (s / end) * (WIDTH - LEFT - RIGHT);
  const out: string[] = [];
  const height = TOP + panels.length * (PANEL + GAP);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="${WIDTH}" height="${height}" fill="#fff"/>`);
  panels.forEach((p, i) => {
    const top = TOP + i * (PANEL + GAP);
    const values = readings.map(p.value).filter(Number.isFinite);
    const max = niceTop(Math.max(...values, ...p.lines.map((l) => l.mb)) * 1.05);
    const y = (v: number) => top + PANEL - (v / max) * PANEL;
    out.push(`<text x="${LEFT}" y="${top - 8}" font-weight="bold">${esc(p.title)}</text>`);
    for (let k = 0; k <= 4; k++) {
      const v = (max * k) / 4;
      out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
      out.push(`<text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end">${+v.toFixed(1)}</text>`);
    }
    for (const r of readings.filter((r) => marks.includes(r.label))) {
      out.push(`<line x1="${x(r.at)}" x2="${x(r.at)}" y1="${top}" y2="${top + PANEL}" stroke="#888" stroke-dasharray="2 3"/>`);
      // Left of its line, unless that would run off the panel's left edge.
      const right = x(r.at) - LEFT > 90;
      out.push(`<text x="${x(r.at) + (right ? -4 : 4)}" y="${top + 12}" text-anchor="${right ? 'end' : 'start'}" fill="#555">${esc(r.label)}</text>`);
    }
    for (const l of p.lines) {
      out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(l.mb)}" y2="${y(l.mb)}" stroke="#c00" stroke-dasharray="6 4"/>`);
      out.push(`<text x="${WIDTH - RIGHT + 6}" y="${y(l.mb) + 4}" fill="#c00">${esc(l.label)}</text>`);
    }
    const points = readings.filter((r) => Number.isFinite(p.value(r))).map((r) => `${x(r.at).toFixed(1)},${y(p.value(r)).toFixed(1)}`);
    out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${p.color}" stroke-width="1.5"/>`);
    for (const pt of points) out.push(`<circle cx="${pt.split(',')[0]}" cy="${pt.split(',')[1]}" r="2.5" fill="${p.color}"/>`);
    out.push(`<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${top + PANEL + 28}" text-anchor="middle" fill="#555">seconds since the first load</text>`);
    for (let k = 0; k <= 4; k++) {
      const s = (end * k) / 4;
      out.push(`<text x="${x(s)}" y="${top + PANEL + 14}" text-anchor="middle">${s.toFixed(0)}</text>`);
    }
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Writes the chart to `file`. */
export function writeChart(file: string, readings: Reading[], heapLines: ChartLine[], rssLines: ChartLine[], marks: string[]): void {
  writeFileSync(file, chartSvg(readings, heapLines, rssLines, marks));
}
