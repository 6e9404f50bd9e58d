/**
 * A zoomable picture's frame, as the lightbox and the Gallery's item dialog both show it: the
 * wheel, + and −, a double-click and 0 zoom (use-zoom.ts); zoomed, the picture moves by dragging
 * or with the arrow keys. The owner routes its keys through `onKey` first: a key it does not
 * handle (← → while the picture fits) is the owner's, to move to another item.
 */
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { useZoom } from './use-zoom.js';

/** How far one arrow key press moves a zoomed picture, in CSS pixels. */
const PAN_STEP = 60;

export function useZoomStage(picture: boolean) {
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const frame = useCallback(() => {
    const r = stage.current?.getBoundingClientRect();
    return r ? { width: r.width, height: r.height } : undefined;
  }, []);
  const zoom = useZoom(frame);
  const { wheel } = zoom;

  // React listens to the wheel passively; the page behind must not scroll while the picture zooms.
  useEffect(() => {
    const el = stage.current;
    if (!el || !picture) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      wheel(e.deltaY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [picture, wheel]);

  /** True when the key was the zoom's (the caller then stops it). */
  const onKey = (key: string): boolean => {
    if (!picture) return false;
    switch (key) {
      case 'ArrowLeft':
      case 'ArrowRight':
        if (!zoom.zoomed) return false;
        zoom.panBy(key === 'ArrowLeft' ? PAN_STEP : -PAN_STEP, 0);
        return true;
      case 'ArrowUp':
      case 'ArrowDown':
        if (!zoom.zoomed) return false;
        zoom.panBy(0, key === 'ArrowUp' ? PAN_STEP : -PAN_STEP);
        return true;
      case '+':
      case '=':
        zoom.zoomIn();
        return true;
      case '-':
      case '_':
        zoom.zoomOut();
        return true;
      case '0':
        zoom.reset();
        return true;
      default:
        return false;
    }
  };

  const endDrag = () => {
    drag.current = null;
  };
  const stageProps = {
    ref: stage,
    'data-zoomed': zoom.zoomed || undefined,
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if (!zoom.zoomed || e.button !== 0) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      zoom.panBy(e.clientX - d.x, e.clientY - d.y);
      drag.current = { id: d.id, x: e.clientX, y: e.clientY };
    },
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onDoubleClick: picture ? zoom.toggle : undefined,
  };
  const transform = `translate(${zoom.zoom.x}px, ${zoom.zoom.y}px) scale(${zoom.zoom.scale})`;
  return { zoom, stageProps, onKey, transform };
}
