/**
 * The renderer's Content-Security-Policy, shared by the desktop shell (set on every response) and
 * the browser shell (sent with the HTML), so both run the renderer under the same rules.
 * Media comes only from the host's `studio-media:` protocol (docs/house-rules.md, "Media never
 * crosses the contract"), never from the web, with one exception: an https image in a chat reply,
 * which the renderer shows only after the user clicks to load it
 * (renderer/src/components/markdown/remote-image.tsx). Plain http stays blocked. The page may
 * read a saved file's bytes from `studio-media:` (a picture handed to the next step as a reference
 * or a chat attachment), never from anywhere else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: studio-media: https:",
  "media-src 'self' studio-media:",
  "connect-src 'self' studio-media:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Development only: Vite's dev server injects an inline React-refresh preamble and talks HMR over a
 * WebSocket, which the strict policy blocks. Production builds never use this.
 */
export function devContentSecurityPolicy(devServerOrigin: string): string {
  const ws = devServerOrigin.replace(/^http/, 'ws');
  return CONTENT_SECURITY_POLICY
    .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    .replace("connect-src 'self' studio-media:", `connect-src 'self' studio-media: ${ws}`);
}
