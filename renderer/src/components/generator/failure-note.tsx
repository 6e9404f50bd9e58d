/**
 * Why a generation did not start, and what to do next. The form is never cleared on failure,
 * so every message ends by saying the draft is still there. A 402 also raises the app-wide
 * top-up banner (the client does that); this note says it where the creator is looking.
 */
import type { ErrorData } from '../../../../shared/contract/index.js';
import './failure-note.css';

function advice(error: ErrorData, action: string): string {
  switch (error.code) {
    case 'payment_required':
      return `Top up the balance of this profile's key, then press ${action} again.`;
    case 'unauthorized':
      return 'Check the API key of the active profile in Settings.';
    case 'rate_limited':
      return `The gateway is busy: wait a moment, then press ${action} again.`;
    case 'invalid_input':
    case 'invalid_request':
      return error.param ? 'Fix the marked field and try again.' : 'Adjust the settings and try again.';
    case 'unreachable':
    case 'timeout':
      return 'Check your connection, or the gateway address in Settings, then try again.';
    default:
      return `Press ${action} to try again.`;
  }
}

export function FailureNote({ error, action, kept }: { error: ErrorData; action: string; kept: string }) {
  return (
    <div className="gen-failure" role="alert" data-testid="generator-failure">
      <strong>{error.message}</strong>
      <span>
        {advice(error, action)} {kept}
      </span>
    </div>
  );
}
