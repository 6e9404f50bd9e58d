/**
 * One of the Spend view's bar charts, drawn by uPlot on a canvas (light, no inline scripts or
 * styles the CSP would refuse), stacked by modality (model/chart-data.ts). Its colours are the
 * theme's, read from the legend's swatches (CSS variables resolve only on an element), and
 * drawn again when the theme changes. A click on a bar lists its rows. The canvas is a picture
 * to a screen reader, with its sum as its name; the table beside it (chart-table.tsx) holds
 * every value, and the keyboard's way to a bar's rows.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stackedSeries, type ChartData } from '../model/chart-data.js';
import type { Modality } from '../model/spend-filter.js';

interface SpendChartProps {
  data: ChartData;
  /** A bar's label on the axis. */
  label(key: number | string): string;
  money(yuan: number): string;
  onPick(index: number): void;
  /** Swatches of the legend, one per modality, whose `color` is the modality's colour. */
  swatches: React.RefObject<HTMLElement | null>;
}

const HEIGHT = 220;

/** The theme's colour of each modality, as the legend's swatch shows it. */
function colours(root: HTMLElement | null): Partial<Record<Modality, string>> {
  const out: Partial<Record<Modality, string>> = {};
  for (const el of root?.querySelectorAll<HTMLElement>('[data-modality]') ?? []) out[el.dataset.modality as Modality] = getComputedStyle(el).color;
  return out;
}

/** Redraws when the studio's theme (its `data-theme`) or the system's colour scheme changes. */
function onThemeChange(redraw: () => void): () => void {
  const observer = new MutationObserver(redraw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', redraw);
  return () => {
    observer.disconnect();
    scheme.removeEventListener('change', redraw);
  };
}

export function SpendChart({ data, label, money, onPick, swatches }: SpendChartProps) {
  const { i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const picked = useEffectEvent((i: number) => onPick(i));

  useEffect(() => {
    const el = box.current;
    if (!el || data.keys.length === 0) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const fill = colours(swatches.current);
      const ink = getComputedStyle(el).color;
      const series = stackedSeries(data);
      const xs = data.keys.map((_, i) => i);
      const axis = { stroke: ink, grid: { stroke: 'rgba(128,128,128,0.18)', width: 1 }, ticks: { show: false } };
      plot = new uPlot({
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.5, Math.max(0.5, xs.length - 0.5)] },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, 0.0001) * 1.05] },
        },
        axes: [
          { ...axis, space: 60, incrs: [1, 2, 5, 7, 14, 30, 60, 90, 180, 365], values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && data.keys[i] !== undefined ? label(data.keys[i]) : '')) },
          { ...axis, size: 70, values: (_u, splits) => splits.map((v) => money(v)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.modality,
            fill: fill[s.modality] ?? ink,
            stroke: fill[s.modality] ?? ink,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.8, 48], align: 0 }),
            points: { show: false },
          })),
        ],
        hooks: {
          ready: [(u) => u.over.addEventListener('click', () => {
            const i = u.cursor.idx;
            if (i !== null && i !== undefined) picked(i);
          })],
        },
      }, [xs, ...series.map((s) => s.values)], el);
      plot.root.setAttribute('aria-hidden', 'true');
    };
    // Each chart is drawn in a task of its own, after the panel's render: no one task holds
    // the render, both charts and the rows together (bench/spend.ts counts tasks over 50 ms).
    const first = setTimeout(draw, 0);
    const stopTheme = onThemeChange(draw);
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      clearTimeout(first);
      stopTheme();
      resize.disconnect();
      plot?.destroy();
    };
  }, [data, label, money, swatches, i18n.language]);

  return <div ref={box} className="spend-chart-canvas" />;
}
