/** The matrix before it is queued: each axis that varies, its values, and how many jobs they make. */
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../i18n/format.js';
import type { Matrix } from '../model/matrix.js';
import { useAxisLabel } from './axis-label.js';

/** A long list of prompts shows its first few and how many more: the table stays a glance. */
const SHOWN = 6;

export function MatrixTable({ matrix }: { matrix: Matrix }) {
  const { t } = useTranslation('batch');
  const f = useFormats();
  const jobs = matrix.cells.length;
  const axisLabel = useAxisLabel();
  return (
    <table className="batch-matrix" data-testid="batch-matrix">
      <caption>{t('matrix.heading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('matrix.axis')}</th>
          <th scope="col">{t('matrix.values')}</th>
        </tr>
      </thead>
      <tbody>
        {matrix.values.map(({ name, values }) => (
          <tr key={name} data-axis={name}>
            <th scope="row">{axisLabel(name)}</th>
            <td>
              <ul className="batch-values">
                {values.slice(0, SHOWN).map((v) => (
                  <li key={v}>{v}</li>
                ))}
                {values.length > SHOWN && <li className="muted">{t('matrix.more', { number: f.number(values.length - SHOWN) })}</li>}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2} data-testid="batch-jobs">{t('matrix.jobs', { count: jobs, number: f.number(jobs) })}</td>
        </tr>
      </tfoot>
    </table>
  );
}
