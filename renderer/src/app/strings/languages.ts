/**
 * Hands i18n/ the features' translations, which it may not import itself (docs/architecture.md,
 * "Strings"). One loader per language, called the first time the studio shows it: a language
 * not shown costs nothing but this line.
 */
import { registerTranslations } from '../../i18n/index.js';

registerTranslations('zh-CN', () => import('./zh-CN.js').then((m) => m.featuresZhCN));
