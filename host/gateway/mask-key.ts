/**
 * Masks a saved key wherever a gateway quotes it back ("Incorrect API key provided: sk-…"):
 * as sent, in another case, or encoded as base64 (a Basic header quoted back) or hex (a debug
 * dump). What the studio shows or keeps of it is what it shows of a saved key: `…` and its last
 * four characters (docs/security.md).
 *
 * Text that arrives in pieces (a streamed reply) goes through `KeyMask.stream()`: an echo split
 * across two pieces must be masked too, so the end of a piece that could be the start of an
 * echo is held back until the next piece says whether it is one.
 */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Shorter keys are not masked: they would match ordinary words (and no real key is that short). */
const MIN_KEY = 8;

/** Text arriving in pieces: `push` returns what may go out now, `end` the rest. */
export interface EchoFilter {
  push(piece: string): string;
  end(): string;
}

const PASS_THROUGH: EchoFilter = { push: (piece) => piece, end: () => '' };

export class KeyMask {
  private readonly pattern?: RegExp;
  private readonly replacement: string;
  /** Every form, lower-case: what a held-back tail is compared with. */
  private readonly lower: string[] = [];
  private readonly firsts = new Set<string>();
  private readonly longest: number = 0;

  constructor(key: string) {
    this.replacement = `…${key.slice(-4)}`;
    if (key.length < MIN_KEY) return;
    const bytes = Buffer.from(key, 'utf8');
    const base64 = bytes.toString('base64');
    const forms = [...new Set([key, base64, base64.replace(/=+$/, ''), bytes.toString('base64url'), bytes.toString('hex')])]
      .sort((a, b) => b.length - a.length);
    // Longest first: an echo of the padded base64 is masked whole, not with its `=` left over.
    this.pattern = new RegExp(forms.map(escapeRe).join('|'), 'gi');
    this.lower = forms.map((f) => f.toLowerCase());
    for (const f of this.lower) this.firsts.add(f[0]);
    this.longest = forms[0].length;
  }

  /** `text` with every echo of the key masked. */
  text(text: string): string {
    return this.pattern ? text.replace(this.pattern, this.replacement) : text;
  }

  /**
   * A filter for one piecewise text. Each piece is joined to what was held back; the text is
   * released, masked, up to the earliest point from which the rest could still grow into an
   * echo (or into a longer form of one: the unpadded base64 is the start of the padded), and
   * never in the middle of an echo. What goes out is late by at most about one echo's length,
   * and only while it could be one, so a reply still shows as it arrives; all of it together is
   * the whole text masked at once.
   */
  stream(): EchoFilter {
    const pattern = this.pattern;
    if (!pattern) return PASS_THROUGH;
    let held = '';
    return {
      push: (piece) => {
        const raw = held + piece;
        let at = this.holdFrom(raw);
        if (at < raw.length) {
          for (const m of raw.matchAll(pattern)) {
            if (m.index >= at) break;
            if (m.index + m[0].length > at) {
              at = m.index;
              break;
            }
          }
        }
        held = raw.slice(at);
        return this.text(raw.slice(0, at));
      },
      end: () => {
        const rest = this.text(held);
        held = '';
        return rest;
      },
    };
  }

  /** Where the longest tail of `text` that is the start (not the whole) of an echo begins. */
  private holdFrom(text: string): number {
    for (let i = Math.max(0, text.length - this.longest + 1); i < text.length; i++) {
      if (!this.firsts.has(text[i].toLowerCase())) continue;
      const n = text.length - i;
      const starts = this.lower.some((form) => {
        if (form.length <= n) return false;
        for (let j = 0; j < n; j++) if (text[i + j].toLowerCase() !== form[j]) return false;
        return true;
      });
      if (starts) return i;
    }
    return text.length;
  }
}

/** `text` with every echo of `key` (any case, base64 with or without padding, base64url, hex) masked. */
export function maskKey(text: string, key: string): string {
  return new KeyMask(key).text(text);
}
