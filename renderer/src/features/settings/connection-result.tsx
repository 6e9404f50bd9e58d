/**
 * The outcome of "Test connection". Each outcome has its own label and colour, because what the
 * user should do next differs: fix the key, fix the address, or top up.
 */
import type { ConnectionTest, ErrorData } from '../../../../shared/contract/index.js';

const LABELS: Record<ConnectionTest['outcome'], string> = {
  ok: 'Connected',
  rejected_key: 'Key rejected',
  unreachable: 'Unreachable',
  balance_problem: 'Balance problem',
  error: 'Test failed',
};

interface Props {
  pending: boolean;
  result: ConnectionTest | undefined;
  error: ErrorData | null;
}

/** The host's message often restates the outcome ("Connected: …"); say it once. */
const detail = (label: string, message: string) =>
  message.toLowerCase().startsWith(label.toLowerCase()) ? message.slice(label.length).replace(/^[\s:.,—-]+/, '') : message;

export function ConnectionResult({ pending, result, error }: Props) {
  // The status region is always rendered so that screen readers announce its changes.
  let body = null;
  let outcome = '';
  if (pending) {
    body = <span className="muted">Testing connection…</span>;
  } else if (result) {
    outcome = result.outcome;
    body = (
      <>
        <strong>{LABELS[result.outcome]}</strong>
        {detail(LABELS[result.outcome], result.message) && <span> — {detail(LABELS[result.outcome], result.message)}</span>}
        {result.outcome === 'ok' && result.tokenBalance !== undefined && (
          <span className="muted"> ({new Intl.NumberFormat().format(result.tokenBalance)} tokens left)</span>
        )}
      </>
    );
  } else if (error) {
    outcome = 'error';
    body = (
      <>
        <strong>{LABELS.error}</strong>
        <span> — {error.message}</span>
      </>
    );
  }
  return (
    <div role="status" className={`test-result${outcome ? ` outcome-${outcome}` : ''}`} data-outcome={outcome || undefined}>
      {body}
    </div>
  );
}
