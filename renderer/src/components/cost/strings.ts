/** The cost strings, registered as soon as anything that shows a cost loads (i18n/index.ts, `addEnglish`). */
import { cost } from '../../i18n/en/cost.js';
import { addEnglish } from '../../i18n/index.js';

addEnglish('cost', cost);
