/** The prompt palette's and library's English, registered with their code (i18n/index.ts, `addEnglish`). */
import { addEnglish } from '../../i18n/index.js';
import { prompts } from '../../i18n/en/prompts.js';

addEnglish('prompts', prompts);
