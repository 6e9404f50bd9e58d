/**
 * The outcome of "Test connection". Each outcome has its own label and colour, because what the
 * user should do next differs: fix the key, fix the address, or top up.
 */
import { useTranslation } from 'react-i18next';
import type { ConnectionTest, ErrorData } from '@shared/contract/index.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';

const LABEL_KEY = {
  ok: 'test.outcome.ok',
  rejected_key: 'test.outcome.rejectedKey',
  unreachable: 'test.outcome.unreachable',
  balance_problem: 'test.outcome.balanceProblem',
  error: 'test.outcome.error',
} as const satisfies Record<ConnectionTest['outcome'], string>;

interface Props {
  pending: boolean;
  result: ConnectionTest | undefined;
  error: ErrorData | null;
}

/**
 * The host's message often restates the outcome ("Connected: …"); say it once. A message the host
 * catalog does not know stays English, so the English label is tried as well as the shown one.
 */
const detail = (labels: readonly string[], message: string) => {
  const label = labels.find((l) => message.toLowerCase().startsWith(l.toLowerCase()));
  return label === undefined ? message : message.slice(label.length).replace(/^[\s:.,—\-：，。]+/, '');
};

export function ConnectionResult({ pending, result, error }: Props) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const f = useFormats();
  // The status region is always rendered so that screen readers announce its changes.
  let body = null;
  let outcome = '';
  if (pending) {
    body = <span className="muted">{t('test.testing')}</span>;
  } else if (result) {
    outcome = result.outcome;
    const label = t(LABEL_KEY[result.outcome]);
    const rest = detail([label, t(LABEL_KEY[result.outcome], { lng: 'en' })], say(result));
    body = (
      <>
        <strong>{label}</strong>
        {rest && <span> — {rest}</span>}
        {result.outcome === 'ok' && result.tokenBalance !== undefined && (
          <span className="muted"> {t('test.tokensLeft', { count: result.tokenBalance, n: f.number(result.tokenBalance) })}</span>
        )}
      </>
    );
  } else if (error) {
    outcome = 'error';
    body = (
      <>
        <strong>{t(LABEL_KEY.error)}</strong>
        <span> — {say(error)}</span>
      </>
    );
  }
  return (
    <div role="status" className={`test-result${outcome ? ` outcome-${outcome}` : ''}`} data-outcome={outcome || undefined}>
      {body}
    </div>
  );
}
