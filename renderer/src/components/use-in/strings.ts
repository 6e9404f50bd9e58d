/**
 * The "Use in…" strings, registered as soon as anything of the hand-off loads: the Chat tab (first
 * bundle), the Image and Video tabs and the Gallery all take items (i18n/index.ts, `addEnglish`).
 */
import { handoff } from '../../i18n/en/handoff.js';
import { addEnglish } from '../../i18n/index.js';

addEnglish('handoff', handoff);
