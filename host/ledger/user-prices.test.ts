/** The creator's own price table: what it covers, what it refuses, and that it never reads a borrowed key. */
import { describe, expect, it } from 'vitest';
import { UserPrices, userPrice } from './user-prices.js';

describe('prices the creator sets', () => {
  const table = UserPrices.parse({
    text: { 'modela-5': { input: 90, output: 700 }, thinker: { input: 10, output: 20, thinking: 30 } },
    nativeImage: { 'modelc-3-pro-image-preview': 3900 },
    image: { 'seedream-4-0': { '2K': 2000 } },
    video: { modelg3: { '720p': 6000 } },
    speech: { 'tts-1': 1000.5 },
  });

  it('prices each kind by its own unit, rounding once at the end', () => {
    expect(userPrice(table, 'modela-5', { kind: 'text', input: 1000, output: 500, thinking: 0 })).toBe(90 + 350);
    expect(userPrice(table, 'thinker', { kind: 'text', input: 100, output: 100, thinking: 100 })).toBe(6);
    expect(userPrice(table, 'modelc-3-pro-image-preview', { kind: 'native-image', images: 2 })).toBe(7800);
    expect(userPrice(table, 'seedream-4-0', { kind: 'image', images: 3, resolution: '2K' })).toBe(6000);
    expect(userPrice(table, 'modelg3', { kind: 'video', seconds: 7, size: '720p' })).toBe(42_000);
    expect(userPrice(table, 'tts-1', { kind: 'speech', characters: 2 })).toBe(2);
  });

  it('covers only what it names: another class, size, model or a thinking call it has no price for is not covered', () => {
    expect(userPrice(table, 'seedream-4-0', { kind: 'image', images: 1, resolution: '4K' })).toBeUndefined();
    expect(userPrice(table, 'modelg3', { kind: 'video', seconds: 5, size: '1080p' })).toBeUndefined();
    expect(userPrice(table, 'modela-5-mini', { kind: 'text', input: 1, output: 1, thinking: 0 })).toBeUndefined();
    expect(userPrice(table, 'modela-5', { kind: 'text', input: 1, output: 1, thinking: 5 })).toBeUndefined();
    expect(userPrice(table, 'modela-5', undefined)).toBeUndefined();
    expect(userPrice(undefined, 'modela-5', { kind: 'text', input: 1, output: 1, thinking: 0 })).toBeUndefined();
  });

  it('a model named like an object\'s own property finds no price it was not given', () => {
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(userPrice(table, model, { kind: 'speech', characters: 10 })).toBeUndefined();
      expect(userPrice(table, model, { kind: 'image', images: 1, resolution: '2K' })).toBeUndefined();
    }
  });

  it('refuses a table with a negative, infinite or absurd price', () => {
    expect(UserPrices.safeParse({ speech: { 'tts-1': -1 } }).success).toBe(false);
    expect(UserPrices.safeParse({ speech: { 'tts-1': Number.POSITIVE_INFINITY } }).success).toBe(false);
    expect(UserPrices.safeParse({ image: { 'seedream-4-0': { '2K': 1e15 } } }).success).toBe(false);
    expect(UserPrices.safeParse({ text: { m: { input: 1 } } }).success).toBe(false);
  });
});
