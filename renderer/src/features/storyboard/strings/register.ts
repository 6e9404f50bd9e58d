/** The Storyboard tab's English, registered as its chunk loads (imported first by the tab). */
import { storyboard } from './en.js';
import { addEnglish } from '../../../i18n/index.js';

addEnglish('storyboard', storyboard);
