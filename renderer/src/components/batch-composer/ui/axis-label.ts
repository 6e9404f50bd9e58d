/** An axis as the creator reads it: a parameter by its label, a template's variable as written, `{style}`. */
import { useTranslation } from 'react-i18next';

const NAMED = ['prompt', 'model', 'aspect_ratio', 'resolution', 'n', 'duration', 'size'] as const;
type Named = (typeof NAMED)[number];
const isNamed = (name: string): name is Named => (NAMED as readonly string[]).includes(name);

export function useAxisLabel(): (name: string) => string {
  const { t } = useTranslation('batch');
  return (name) => (isNamed(name) ? t(`axisName.${name}`) : `{${name}}`);
}
