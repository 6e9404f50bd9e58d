/**
 * streamGenerateContent without `alt=sse` answers with one JSON array written a piece at a time
 * (`[{…},\n{…}]`). The network splits it anywhere, so this finds each top-level object as soon
 * as its closing brace arrives, tracking strings and escapes so braces inside text never count.
 * A body that is not an array (one object, or objects one after another) yields each object.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;

export class JsonObjectSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** `array`: objects are the elements of a top-level array; `values`: top-level objects. */
  private shape: 'unknown' | 'array' | 'values' = 'unknown';
  /** Text of the object being read, from chunks before the current one. */
  private pending = '';
  private collecting = false;
  /** The top-level array's closing `]` arrived: the answer is whole. */
  closed = false;

  private get base(): number {
    return this.shape === 'array' ? 1 : 0;
  }

  /** Whether the input so far ends between values (nothing half-read). */
  get atRest(): boolean {
    return !this.collecting && !this.inString && this.depth === 0;
  }

  /** Feeds decoded text; returns the text of every object completed by it. */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = this.collecting ? 0 : -1;
    for (let i = 0; i < chunk.length && !this.closed; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (c === QUOTE) {
        this.inString = true;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (this.shape === 'unknown') {
          this.shape = c === OPEN_ARRAY ? 'array' : 'values';
          if (c === OPEN_ARRAY) {
            this.depth = 1;
            continue;
          }
        }
        if (this.depth === this.base && c === OPEN_OBJECT) {
          this.collecting = true;
          start = i;
        }
        this.depth += 1;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth -= 1;
        if (this.collecting && this.depth === this.base) {
          out.push(this.pending + chunk.slice(start, i + 1));
          this.pending = '';
          this.collecting = false;
          start = -1;
        } else if (this.shape === 'array' && this.depth <= 0) {
          this.closed = true;
          this.depth = 0;
        }
      } else if (this.shape === 'unknown' && !isSpace(c)) {
        // Not JSON at all: let the caller's check of `atRest`/`closed` report it.
        this.shape = 'values';
      }
    }
    if (this.collecting && start >= 0) this.pending += chunk.slice(start);
    return out;
  }
}
