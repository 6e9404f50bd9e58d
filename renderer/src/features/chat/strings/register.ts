/**
 * The Chat tab's English strings, registered as its code loads: imported first by the tab's
 * module, which the first screen loads with the shell (i18n/index.ts, `addEnglish`).
 */
import { chat } from './en.js';
import { addEnglish } from '../../../i18n/index.js';

addEnglish('chat', chat);
