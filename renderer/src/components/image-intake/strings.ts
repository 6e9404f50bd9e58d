/**
 * What the image intake says, registered as soon as a place that takes images loads: the Chat tab
 * (first bundle) and the Image tab (i18n/index.ts, `addEnglish`).
 */
import { intake } from '../../i18n/en/intake.js';
import { addEnglish } from '../../i18n/index.js';

addEnglish('intake', intake);
