/**
 * The top-up banner after a 402 on the active profile. It sits beside the tab panels, not around
 * them, so showing or dismissing it never remounts a form and never clears what the user typed.
 * It belongs to the profile that was refused (state/payment-store.ts says when it goes), and is
 * shown only while that profile is the active one, and not on the Chat tab: there a refused reply
 * or send says it itself, with the balance (features/chat/ui/payment-note.tsx), and the banner
 * above the conversation said it a second time and pushed the composer out of the window.
 */
import { useTranslation } from 'react-i18next';
import { EMPTY, useCall } from '../api/client.js';
import { usePaymentStore } from '../state/payment-store.js';
import { useUiStore } from '../state/ui-store.js';
import { useMessageText } from '../i18n/messages.js';

export function PaymentBanner() {
  const { t } = useTranslation(['shell', 'common']);
  const say = useMessageText();
  const notice = usePaymentStore((s) => s.notice);
  const dismiss = usePaymentStore((s) => s.dismiss);
  const onChat = useUiStore((s) => s.tab === 'chat');
  // Unknown (the list not read, or unreadable), the refusal is still worth saying.
  const activeId = useCall('profiles.list', EMPTY).data?.activeId;
  if (notice === null || onChat || (activeId !== undefined && notice.profileId !== activeId)) return null;
  const { message } = notice;
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
