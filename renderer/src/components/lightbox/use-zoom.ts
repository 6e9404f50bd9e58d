/**
 * Zoom and pan of one picture: a scale from 1 (fits the window) to MAX, and an offset that keeps
 * the picture covering its frame (it cannot be dragged out of sight). Applied as a CSS transform
 * set from script, which the page's CSP allows (`style-src 'self'` forbids only style markup).
 */
import { useCallback, useState } from 'react';

export const MAX_ZOOM = 8;
const STEP = 1.5;

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

const FIT: Zoom = { scale: 1, x: 0, y: 0 };

/** How far the picture may move each way at `scale`: half of what overflows its frame. */
function clampPan(z: Zoom, frame: { width: number; height: number } | undefined): Zoom {
  if (z.scale <= 1) return FIT;
  if (!frame || !frame.width || !frame.height) return z;
  const mx = ((z.scale - 1) * frame.width) / 2;
  const my = ((z.scale - 1) * frame.height) / 2;
  return { scale: z.scale, x: Math.max(-mx, Math.min(mx, z.x)), y: Math.max(-my, Math.min(my, z.y)) };
}

export function useZoom(frame: () => { width: number; height: number } | undefined) {
  const [zoom, setZoom] = useState<Zoom>(FIT);
  const scaleTo = useCallback(
    (scale: (s: number) => number) =>
      setZoom((z) => {
        const next = Math.max(1, Math.min(MAX_ZOOM, scale(z.scale)));
        // Keeps the point at the centre where it was: the offset grows with the scale.
        const ratio = next / z.scale;
        return clampPan({ scale: next, x: z.x * ratio, y: z.y * ratio }, frame());
      }),
    [frame],
  );
  return {
    zoom,
    zoomed: zoom.scale > 1,
    zoomIn: useCallback(() => scaleTo((s) => s * STEP), [scaleTo]),
    zoomOut: useCallback(() => scaleTo((s) => s / STEP), [scaleTo]),
    /** The wheel: each notch of a mouse (about 100 px) is a step of about 1.2×, a trackpad finer. */
    wheel: useCallback((deltaY: number) => scaleTo((s) => s * Math.exp(-deltaY / 550)), [scaleTo]),
    /** A double-click toggles between fitting and 2.5×. */
    toggle: useCallback(() => scaleTo((s) => (s > 1 ? 1 : 2.5)), [scaleTo]),
    reset: useCallback(() => setZoom(FIT), []),
    panBy: useCallback((dx: number, dy: number) => setZoom((z) => clampPan({ ...z, x: z.x + dx, y: z.y + dy }, frame())), [frame]),
  };
}
