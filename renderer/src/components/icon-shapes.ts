/**
 * The shapes of the studio's icons, as data: the React icons (icons.tsx) and the static frame
 * painted before any script runs (app/boot-frame.ts, docs/performance-findings.md, "First paint") draw
 * the same ones from here.
 */
export type IconShape =
  | ['path', { d: string }]
  | ['rect', { x: number; y: number; width: number; height: number; rx: number }]
  | ['circle', { cx: number; cy: number; r: number }];

/** Attributes of every icon's `<svg>`: decoration beside a text label, in the text's colour. */
export const ICON_SVG = {
  viewBox: '0 0 24 24', width: '1.25em', height: '1.25em', fill: 'none', stroke: 'currentColor',
  strokeWidth: '1.8', strokeLinecap: 'round', strokeLinejoin: 'round',
} as const;

export const ICON_SHAPES = {
  chat: [['path', { d: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z' }]],
  image: [
    ['rect', { x: 3, y: 4, width: 18, height: 16, rx: 2 }],
    ['circle', { cx: 9, cy: 10, r: 2 }],
    ['path', { d: 'm21 16-5-5L5 20' }],
  ],
  video: [
    ['rect', { x: 3, y: 6, width: 13, height: 12, rx: 2 }],
    ['path', { d: 'm16 10 5-3v10l-5-3z' }],
  ],
  speech: [
    ['path', { d: 'M11 5 6 9H3v6h3l5 4z' }],
    ['path', { d: 'M15.5 8.5a5 5 0 0 1 0 7' }],
    ['path', { d: 'M18.5 5.5a9 9 0 0 1 0 13' }],
  ],
  tasks: [
    ['path', { d: 'M10 6h11M10 12h11M10 18h11' }],
    ['path', { d: 'm3 6 1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17' }],
  ],
  gallery: [
    ['rect', { x: 3, y: 3, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 14, y: 3, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 3, y: 14, width: 7, height: 7, rx: 1.5 }],
    ['rect', { x: 14, y: 14, width: 7, height: 7, rx: 1.5 }],
  ],
  spend: [
    ['path', { d: 'M4 20V10M10 20V4M16 20v-7M22 20H2' }],
  ],
  settings: [
    ['path', { d: 'M4 6h9M19 6h1M4 12h3M13 12h7M4 18h11M21 18h-1' }],
    ['circle', { cx: 16, cy: 6, r: 2.2 }],
    ['circle', { cx: 10, cy: 12, r: 2.2 }],
    ['circle', { cx: 17.5, cy: 18, r: 2.2 }],
  ],
  storyboard: [
    ['rect', { x: 3, y: 5, width: 5, height: 6, rx: 1 }],
    ['rect', { x: 10, y: 5, width: 5, height: 6, rx: 1 }],
    ['rect', { x: 17, y: 5, width: 4, height: 6, rx: 1 }],
    ['path', { d: 'M3 15h18M3 19h12' }],
  ],
} satisfies Record<string, IconShape[]>;

export type IconName = keyof typeof ICON_SHAPES;
