/** `t()` knows every key: a key missing from the English strings fails the typecheck. */
import 'i18next';
import type { en } from '../../i18n/en/index.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
