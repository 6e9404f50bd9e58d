/** `t()` knows every key: a key missing from the English strings (en.ts) fails the typecheck. */
import 'i18next';
import type { en } from './en.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
