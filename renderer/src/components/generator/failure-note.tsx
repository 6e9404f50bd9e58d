/**
 * Why a generation did not start, and what to do next. The form is never cleared on failure,
 * so every message ends by saying the draft is still there. A 402 also raises the app-wide
 * top-up banner (the client does that); this note says it where the creator is looking.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ErrorData } from '@shared/contract/index.js';
import { useMessageText } from '../../i18n/messages.js';
import './failure-note.css';

function advice(t: TFunction<'generator'>, error: ErrorData, action: string): string {
  switch (error.code) {
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

/** `action` is the submit button's (translated) name; `kept` says, translated, what the form still holds. */
export function FailureNote({ error, action, kept }: { error: ErrorData; action: string; kept: string }) {
  const { t } = useTranslation('generator');
  const say = useMessageText();
  return (
    <div className="gen-failure" role="alert" data-testid="generator-failure">
      {/* The host's own words, in the language shown. */}
      <strong>{say(error)}</strong>
      <span>{t('failure.note', { advice: advice(t, error, action), kept })}</span>
    </div>
  );
}
