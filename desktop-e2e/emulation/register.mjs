// `node --import tsx --import ./desktop-e2e/emulation/register.mjs out/main/index.js`: the built
// main process, with the emulated `electron` (docs/desktop-harness.md).
import { register } from 'node:module';

register('./loader.mjs', import.meta.url);
