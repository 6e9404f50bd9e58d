/**
 * Why a generation did not start, and what to do next. The form is never cleared on failure,
 * so every message ends by saying the draft is still there. A 402 also raises the app-wide
 * top-up banner (the client does that); this note says it where the creator is looking.
 *
 * The host's words come plain first (shared/messages/plain.ts); the technical text (the rule as
 * the gateway words it, the HTTP status) waits behind a "Details" disclosure, for whoever asks.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ErrorData } from '@shared/contract/index.js';
import { useMessageWords } from '../../i18n/messages.js';
import './failure-note.css';

function advice(t: TFunction<'generator'>, error: ErrorData, action: string): string {
  switch (error.code) {
    // The budgets' hard stop (docs/ledger.md, "Budgets"): nothing was sent, so retrying alone would be refused again.
    case 'budget_exceeded':
      return t('failure.budget', { action });
    case 'payment_required':
      return t('failure.paymentRequired', { action });
    case 'unauthorized':
      return t('failure.unauthorized');
    case 'rate_limited':
      return t('failure.rateLimited', { action });
    case 'invalid_input':
    case 'invalid_request':
      return error.param ? t('failure.fixField') : t('failure.adjustSettings');
    case 'unreachable':
    case 'timeout':
      return t('failure.unreachable');
    default:
      return t('failure.retry', { action });
  }
}

/**
 * The technical text behind a message's plain words, and the HTTP status when there was one, in a
 * native disclosure (keyboard and screen readers know it); nothing when there is neither.
 */
export function MessageDetails({ detail, status }: { detail?: string; status?: number }) {
  const { t } = useTranslation('common');
  if (!detail && status === undefined) return null;
  return (
    <details className="message-details">
      <summary>{t('details.summary')}</summary>
      {detail && <p>{detail}</p>}
      {status !== undefined && <p>{t('details.status', { status })}</p>}
    </details>
  );
}

/** `action` is the submit button's (translated) name; `kept` says, translated, what the form still holds. */
export function FailureNote({ error, action, kept }: { error: ErrorData; action: string; kept: string }) {
  const { t } = useTranslation('generator');
  const words = useMessageWords()(error);
  return (
    <div className="gen-failure" role="alert" data-testid="generator-failure">
      {/* The host's own words, in the language shown, plain first. */}
      <strong>{words.first}</strong>
      <span>{t('failure.note', { advice: advice(t, error, action), kept })}</span>
      <MessageDetails detail={words.detail} status={error.status} />
    </div>
  );
}
