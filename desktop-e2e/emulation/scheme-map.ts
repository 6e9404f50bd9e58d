/**
 * Chromium without Electron knows no custom schemes: it refuses `studio-app://…` before any
 * request leaves, so nothing can intercept it (docs/desktop-harness.md, "Schemes"). The emulation
 * serves each privileged standard scheme at an https origin of its own instead,
 * `scheme://host/path` at `https://host.scheme.invalid/path` (`.invalid` never resolves, RFC 2606),
 * and translates at every border: the URL a handler is given, the headers it sets (Origin,
 * Access-Control-Allow-Origin, Location, Content-Security-Policy), the CSP in the page's own
 * `<meta>`, every string crossing IPC, and the URLs main reads back (`webContents.getURL()`, a
 * frame's `url`). The app's code sees only its own schemes.
 */
const SUFFIX = '.invalid';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class SchemeMap {
  private readonly schemes = new Set<string>();
  private toPageRe?: RegExp;
  private fromPageRe?: RegExp;

  add(scheme: string): void {
    this.schemes.add(scheme.toLowerCase());
    const names = [...this.schemes].map(escape).join('|');
    // Not inside a longer scheme name (`my-studio-media:`): scheme characters are letters, digits, + - .
    this.toPageRe = new RegExp(`(?<![a-z0-9+.-])(${names})://([a-z0-9][a-z0-9.-]*)`, 'gi');
    this.fromPageRe = new RegExp(`https://([a-z0-9][a-z0-9.-]*)\\.(${names})${escape(SUFFIX)}(?=[/?#:'"\\s,;)]|$)`, 'gi');
  }

  has(scheme: string): boolean {
    return this.schemes.has(scheme.toLowerCase());
  }

  /** `studio-app://bundle/x` → `https://bundle.studio-app.invalid/x`, anywhere in the text. */
  toPage(text: string): string {
    return this.toPageRe ? text.replace(this.toPageRe, (_m, scheme: string, host: string) => `https://${host.toLowerCase()}.${scheme.toLowerCase()}${SUFFIX}`) : text;
  }

  /** The reverse of toPage. */
  fromPage(text: string): string {
    return this.fromPageRe ? text.replace(this.fromPageRe, (_m, host: string, scheme: string) => `${scheme.toLowerCase()}://${host.toLowerCase()}`) : text;
  }

  /** The scheme a page URL is served for, when it is one of ours. */
  schemeOf(pageUrl: string): string | undefined {
    const host = safeHost(pageUrl);
    if (!host?.endsWith(SUFFIX)) return undefined;
    const scheme = host.slice(0, -SUFFIX.length).split('.').pop()!;
    return this.schemes.has(scheme) ? scheme : undefined;
  }

  /** A policy's `scheme:` sources, for the schemes mapped, as the https origins that serve them. */
  policyToPage(policy: string): string {
    let out = policy;
    for (const scheme of this.schemes) out = out.replace(new RegExp(`(^|[\\s])${escape(scheme)}:(?=[\\s;]|$)`, 'gi'), `$1https://*.${scheme}${SUFFIX}`);
    return this.toPage(out);
  }

  /** Every string inside a JSON-like value, translated one way. */
  deep<T>(value: T, way: 'toPage' | 'fromPage'): T {
    const map = (v: unknown): unknown => {
      if (typeof v === 'string') return this[way](v);
      if (Array.isArray(v)) return v.map(map);
      if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, map(x)]));
      }
      return v;
    };
    return map(value) as T;
  }
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
