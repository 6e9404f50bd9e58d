/**
 * A bounded memory of renders by their source text, for work that a remount would otherwise
 * repeat: a conversation opened again, or a row the virtualized list scrolled out and back in,
 * would parse and highlight the same text again. The least recently used go first once the
 * sources kept pass `maxChars`, so a long session does not keep every reply it ever showed.
 */
export function renderCache<T>(maxChars: number): (source: string, render: () => T) => T {
  const entries = new Map<string, T>();
  let chars = 0;
  return (source, render) => {
    const hit = entries.get(source);
    if (hit !== undefined) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the oldest.
      entries.delete(source);
      entries.set(source, hit);
      return hit;
    }
    const value = render();
    entries.set(source, value);
    chars += source.length;
    for (const key of entries.keys()) {
      if (chars <= maxChars || entries.size === 1) break;
      entries.delete(key);
      chars -= key.length;
    }
    return value;
  };
}
