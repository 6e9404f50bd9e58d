/**
 * The only URLs a chat reply may turn into live attributes. Model output is untrusted text: a
 * `javascript:` link is code execution on click, a `data:` or relative URL can navigate the app
 * itself, and an image URL leaks the user's IP the moment it loads. So links keep http, https and
 * mailto; images keep https only (and still wait for a click, see remote-image.tsx); every other
 * URL attribute is dropped. Parsing with URL (not a regex) sees what the browser would see:
 * mixed case, embedded tabs and entity-decoded text (the Markdown parser has already decoded it).
 */
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

function parseAbsolute(url: string): URL | null {
  try {
    return new URL(url.trim());
  } catch {
    // Relative or malformed: neither has a place in a reply rendered inside the app.
    return null;
  }
}

/** The URL to keep for a link (`href`) or an image (`src`) of a reply, or null to drop it. */
export function safeUrl(url: string, key: string): string | null {
  const parsed = parseAbsolute(url);
  if (!parsed) return null;
  if (key === 'href') return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  if (key === 'src') return parsed.protocol === 'https:' ? parsed.href : null;
  return null;
}
