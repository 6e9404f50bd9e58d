/** Every combination the spec forbids, with the rule the host (or its shared rules) names: nothing is queued while one remains. */
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import type { RefusalGroup } from '../model/matrix.js';
import { useAxisLabel } from './axis-label.js';

export function RefusalList({ groups }: { groups: RefusalGroup[] }) {
  const { t } = useTranslation('batch');
  const f = useFormats();
  const say = useMessageText();
  const axisLabel = useAxisLabel();
  if (groups.length === 0) return null;
  return (
    <section className="batch-refusals" role="alert" data-testid="batch-refusals" aria-labelledby="batch-refusals-heading">
      <h4 id="batch-refusals-heading">{t('refusals.heading', { count: groups.length, number: f.number(groups.length) })}</h4>
      <p className="hint">{t('refusals.intro')}</p>
      <ul>
        {groups.map((g) => (
          <li key={`${g.first}`} data-testid="batch-refusal">
            {t('refusals.line', {
              count: g.cells,
              number: f.number(g.cells),
              where: [g.model, ...g.values.map((v) => t('refusals.value', { axis: axisLabel(v.axis), value: v.value }))].join(t('refusals.separator')),
              rule: say(g.text),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
