/**
 * Where the renderer loads a saved file from: the host's media base (the desktop's custom
 * protocol or the browser shell's route) plus the library-relative path, each segment encoded.
 * The Gallery has the same helper, but importing it from there would split off one more shared
 * chunk, and every chunk's name is listed in the first-load bundle.
 */
export function mediaSrc(base: string, rel: string): string {
  return base + rel.split('/').map(encodeURIComponent).join('/');
}

/** m:ss of a clip or a spoken text. */
export function formatClock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
