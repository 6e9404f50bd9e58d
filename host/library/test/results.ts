/** The result a writer saves for generation n: a PNG drawn from n, so every file can be checked byte for byte. */
import { pngBytes } from './fixtures.js';

export const resultBytes = (gen: number): Buffer => pngBytes(20 + (gen % 50), 20, gen);
