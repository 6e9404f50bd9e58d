/**
 * The built renderer the tests serve. `E2E_RENDERER_DIR` points at another build, so that two
 * checkouts of work in progress can build and test side by side without overwriting each other's
 * `out/renderer` (`npx vite build --outDir <dir>`).
 */
import { resolve } from 'node:path';
import { DEFAULT_RENDERER_DIR } from '../../browser-shell/main.js';

export const RENDERER_DIR = process.env.E2E_RENDERER_DIR ? resolve(process.env.E2E_RENDERER_DIR) : DEFAULT_RENDERER_DIR;
