/**
 * The static frame of the studio (docs/performance-findings.md, "First paint"): the top bar, the
 * navigation's icons and a neutral panel, written into index.html at build time inside `#root`, so
 * the window shows the app's shape from HTML and CSS alone, before any script has run. React's first
 * render replaces it. It holds no words but the product's name (the language is known only once
 * the host answers) and is hidden from assistive technology: it is a picture of the app, not the app.
 * Plain TypeScript with no React: vite.config.ts imports it.
 */
import { ICON_SHAPES, ICON_SVG, type IconShape } from '../components/icon-shapes.js';
import { TAB_IDS } from '../state/tab-ids.js';

// SVG's presentation attributes are kebab-case in markup (strokeWidth → stroke-width); viewBox is not one.
const kebab = (name: string) => (name.startsWith('stroke') ? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : name);
const attrs = (o: Record<string, string | number>) => Object.entries(o).map(([k, v]) => ` ${kebab(k)}="${v}"`).join('');

export function iconSvg(shapes: readonly IconShape[]): string {
  return `<svg class="icon"${attrs(ICON_SVG)} aria-hidden="true" focusable="false">${shapes.map(([tag, a]) => `<${tag}${attrs(a)}></${tag}>`).join('')}</svg>`;
}

export function bootFrameHtml(): string {
  const tabs = TAB_IDS.map((id) => `<span class="tab" data-tab="${id}">${iconSvg(ICON_SHAPES[id])}<span class="boot-line"></span></span>`).join('');
  return '<div class="app boot-frame" aria-hidden="true">'
    + '<header class="topbar"><p class="brand">Gateway Studio</p></header>'
    + `<div class="workspace"><nav class="sidebar"><div class="boot-tabs">${tabs}</div></nav>`
    + '<main class="content"><div class="boot-line boot-heading"></div><div class="boot-line"></div><div class="boot-line boot-short"></div></main>'
    + '</div></div>';
}
