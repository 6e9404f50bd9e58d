/**
 * The Spend tab's English strings, registered as its chunk loads: imported first by the tab's
 * module, so they are there before anything in the tab renders (i18n/index.ts).
 */
import { spend } from './en.js';
import { addEnglish } from '../../../i18n/index.js';

addEnglish('spend', spend);
