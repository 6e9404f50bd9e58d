/**
 * The top-up banner after a 402 anywhere. It sits beside the tab panels, not around them, so
 * showing or dismissing it never remounts a form and never clears what the user typed.
 */
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../state/ui-store.js';
import { useHostText } from '../i18n/host-text.js';

export function PaymentBanner() {
  const { t } = useTranslation(['shell', 'common']);
  const hostText = useHostText();
  const message = useUiStore((s) => s.paymentMessage);
  const dismiss = useUiStore((s) => s.dismissPaymentRequired);
  if (message === null) return null;
  // The host's message usually is the headline already, in its own words; say it only once.
  const selfContained = /^your balance is too low/i.test(message);
  return (
    <div className="banner banner-payment" role="alert" data-testid="payment-banner">
      <div className="banner-text">
        <strong>{selfContained ? hostText(message) : t('payment.headline')}</strong>
        {!selfContained && message && <p>{hostText(message)}</p>}
      </div>
      <button type="button" className="button" onClick={dismiss}>
        {t('common:dismiss')}
      </button>
    </div>
  );
}
