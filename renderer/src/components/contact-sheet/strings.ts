/** The contact sheet's strings, registered when its code loads (i18n/index.ts, `addEnglish`). */
import { contactSheet } from '../../i18n/en/contact-sheet.js';
import { addEnglish } from '../../i18n/index.js';

addEnglish('contactSheet', contactSheet);
