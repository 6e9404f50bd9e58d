/** The lightbox (components/lightbox): any result, full size, with zoom and ← → between results. */
export const lightbox = {
  imageLabel: 'Full-size image',
  videoLabel: 'Full-size video',
  position: '{{index}} of {{total}}',
  previous: 'Previous result',
  next: 'Next result',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Fit to window',
  zoomLevel: 'Zoom {{percent}}',
  keys: '← → other results · + − or the wheel zoom · 0 fits · drag to move · Esc closes',
  keysOne: '+ − or the wheel zoom · 0 fits · drag to move · Esc closes',
  keysVideo: '← → other results · Tab to the player, then Space plays · Esc closes',
  keysVideoOne: 'Tab to the player, then Space plays · Esc closes',
  keysPlayer: 'In the player: Space plays, ← → seek · Tab leaves it, then ← → other results · Esc closes',
  keysPlayerOne: 'In the player: Space plays, ← → seek · Esc closes',
  untitled: 'Untitled',
} as const;
