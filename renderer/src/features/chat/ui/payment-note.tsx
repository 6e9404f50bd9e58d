/**
 * A reply refused with a 402: said once, here, where the creator waits for the reply (the app's
 * top-up banner stays off the Chat tab: app/PaymentBanner.tsx). Short: the balance left, as the
 * balance widget last read it, a way to Settings and Retry; the gateway's own words wait behind
 * Details (components/generator/failure-note.tsx).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { balanceKey, call, EMPTY, useCall } from '../../../api/client.js';
import { MessageDetails } from '../../../components/generator/failure-note.js';
import { useFormats } from '../../../i18n/format.js';
import { useUiStore } from '../../../state/ui-store.js';

interface Props {
  /** The gateway's words, for Details. */
  detail: string;
  status?: number;
  retry: ReactNode;
}

export function PaymentNote({ detail, status, retry }: Props) {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const openTab = useUiStore((s) => s.openTab);
  const profileId = useCall('profiles.list', EMPTY).data?.activeId;
  // The widget's reading, shared through the cache: the host re-reads it after every refusal.
  const balance = useQuery({
    queryKey: balanceKey(profileId),
    queryFn: () => call('account.balance', { refresh: true }),
    enabled: profileId !== undefined,
    staleTime: Infinity,
  }).data;
  const said = balance
    ? t('reply.payment', { tokens: f.number(balance.tokens.token_balance), cash: f.money(balance.cash.balance + balance.cash.credit_balance, balance.cash.currency) })
    : t('reply.paymentNoFigures');
  return (
    <div className="msg-note msg-error" role="alert" data-status="failed">
      <span>{said}</span>
      <button type="button" className="button chat-small" onClick={() => openTab('settings')}>
        {t('reply.openSettings')}
      </button>
      {retry}
      <MessageDetails detail={detail} status={status} />
    </div>
  );
}
