/** Inline SVG glyphs for the kinds (no icon font: the CSP allows no external fonts, and these are tiny). */
import type { Kind } from '../model/media.js';

const PATHS: Record<Kind, string> = {
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 0.01 0',
  video: 'M8 5v14l11-7z',
  audio: 'M9 18V6l11-2v12 M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3z M20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
};

export function KindIcon({ kind, small = false }: { kind: Kind; small?: boolean }) {
  const size = small ? 12 : 40;
  return (
    <svg className="kind-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} fill={kind === 'video' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={kind === 'video' ? 0 : 1.6} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
