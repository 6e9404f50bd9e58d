/**
 * Aspect ratios as the forms offer them ("16:9"), and the nearest one a model offers when a model
 * switch would lose the creator's choice: nearest by shape (the logarithm of width over height, so
 * 2:1 and 1:2 are as far from 1:1), ties going to the model's default, then to the first listed.
 */
export function ratioValue(ratio: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:*x×]\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio);
  if (!m) return undefined;
  const [w, h] = [Number(m[1]), Number(m[2])];
  return w > 0 && h > 0 ? w / h : undefined;
}

export function nearestRatio(wanted: string, offered: readonly string[], fallback: string): string {
  if (offered.includes(wanted)) return wanted;
  const target = ratioValue(wanted);
  if (target === undefined) return fallback;
  let best = fallback;
  let bestDistance = Infinity;
  // The default is looked at first, so it wins a tie.
  for (const r of [fallback, ...offered.filter((o) => o !== fallback)]) {
    const v = ratioValue(r);
    if (v === undefined) continue;
    const d = Math.abs(Math.log(v) - Math.log(target));
    if (d < bestDistance - 1e-9) {
      best = r;
      bestDistance = d;
    }
  }
  return best;
}

/** The CSS `aspect-ratio` of a requested ratio or a file's size, so a tile has its shape before the picture. */
export function cssRatio(size: { width?: number; height?: number } | string | undefined): string | undefined {
  if (typeof size === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*[:*x×]\s*(\d+(?:\.\d+)?)\s*$/.exec(size);
    return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? `${m[1]} / ${m[2]}` : undefined;
  }
  return size?.width && size.height ? `${size.width} / ${size.height}` : undefined;
}
