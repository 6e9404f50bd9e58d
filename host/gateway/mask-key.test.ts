/**
 * A key quoted back in a streamed reply may arrive split across deltas, anywhere: the filter for
 * piecewise text must release exactly what masking the whole text at once gives, with no piece
 * of the key going out before the filter knows it is one (docs/security.md).
 */
import { describe, expect, it } from 'vitest';
import { KeyMask, maskKey } from './mask-key.js';

// 27, 28 and 29 bytes: base64 without padding, with `==` and with `=`.
const KEYS = ['sk-Live-0123456789abcdefXYZ', 'sk-Live-0123456789abcdefWXYZ', 'sk-proj-9f8e7d6c5b4a3210-Qrstu'];

const formsOf = (key: string) => {
  const bytes = Buffer.from(key);
  return [key, key.toUpperCase(), key.toLowerCase(), bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, ''), bytes.toString('base64url'), bytes.toString('hex'), bytes.toString('hex').toUpperCase()];
};

const through = (mask: KeyMask, pieces: string[]) => {
  const filter = mask.stream();
  return pieces.map((p) => filter.push(p)).join('') + filter.end();
};

describe.each(KEYS)('the key %s quoted back in pieces', (key) => {
  const mask = new KeyMask(key);

  it.each(formsOf(key))('as %s: masked whatever the split, exactly as the whole text would be', (form) => {
    const text = `Your key: ${form}. Again ${form}=!`;
    const whole = maskKey(text, key);
    expect(whole.toLowerCase()).not.toContain(form.toLowerCase());
    for (let at = 0; at <= text.length; at++) expect(through(mask, [text.slice(0, at), text.slice(at)])).toBe(whole);
    expect(through(mask, [...text])).toBe(whole);
  });

  it('never lets a piece of an echo out before its end has come', () => {
    for (const form of formsOf(key)) {
      const filter = mask.stream();
      let out = '';
      for (const ch of `> ${form}`) out += filter.push(ch);
      // One character at a time: what went out holds no piece of the echo (it is held, or masked).
      expect(out.toLowerCase()).not.toContain(form.slice(0, 4).toLowerCase());
      out += filter.push(' and more');
      expect(out + filter.end()).toBe(`> …${key.slice(-4)} and more`);
    }
  });
});

describe('text without the key', () => {
  it('goes out as it comes, holding back only what could start an echo', () => {
    const filter = new KeyMask(KEYS[0]).stream();
    expect(filter.push('The answer is 42.\n')).toBe('The answer is 42.\n');
    // `s` could start `sk-…`: held until the next piece says it does not.
    expect(filter.push('Yes')).toBe('Ye');
    expect(filter.push(', indeed')).toBe('s, indeed');
    expect(filter.end()).toBe('');
  });

  it('is left alone by a key too short to mask', () => {
    const filter = new KeyMask('short').stream();
    expect(filter.push('short and sweet')).toBe('short and sweet');
    expect(new KeyMask('short').text('short')).toBe('short');
  });
});
