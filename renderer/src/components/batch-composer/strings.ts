/** The composer's strings, registered as the Image or Video tab that mounts it loads (i18n/index.ts, `addEnglish`). */
import { batch } from '../../i18n/en/batch.js';
import { addEnglish } from '../../i18n/index.js';

addEnglish('batch', batch);
