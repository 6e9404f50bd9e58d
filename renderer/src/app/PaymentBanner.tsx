/**
 * The top-up banner after a 402 anywhere. It sits beside the tab panels, not around them, so
 * showing or dismissing it never remounts a form and never clears what the user typed.
 */
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../state/ui-store.js';
import { useMessageText } from '../i18n/messages.js';

export function PaymentBanner() {
  const { t } = useTranslation(['shell', 'common']);
  const say = useMessageText();
  const message = useUiStore((s) => s.paymentMessage);
  const dismiss = useUiStore((s) => s.dismissPaymentRequired);
  if (message === null) return null;
  // The host's message usually is the headline already, in its own words; say it only once (an
  // old English string is recognised by its words).
  const selfContained = typeof message === 'string' ? /^your balance is too low/i.test(message) : message.code === 'gateway.failure.paymentRequired';
  return (
    <div className="banner banner-payment" role="alert" data-testid="payment-banner">
      <div className="banner-text">
        <strong>{selfContained ? say(message) : t('payment.headline')}</strong>
        {!selfContained && message && <p>{say(message)}</p>}
      </div>
      <button type="button" className="button" onClick={dismiss}>
        {t('common:dismiss')}
      </button>
    </div>
  );
}
