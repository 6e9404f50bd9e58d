/**
 * Budget warnings and the hard stop, on every tab (docs/ledger.md, "Budgets"). The host gives each
 * warning (80, 90, 100 % of a budget) once per period; this shows the newest of each budget until
 * dismissed, and, in the browser shell, as a web notification when the creator allowed them (the
 * desktop's main process shows its own, electron/adapters/notifications.ts). While the hard stop
 * holds, it says so and offers the one-time override. Beside the panels, so it never remounts a form.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BudgetWarning } from '@shared/contract/budgets.js';
import { budgetNotice } from '@shared/contract/budget-notice.js';
import { msg } from '@shared/messages/message.js';
import { EMPTY, callKey, useAction, useCall, useEvent } from '../api/client.js';
import { useMessageText } from '../i18n/messages.js';
import { useAfterFirstScreen } from '../state/after-first-screen.js';

/** The browser shell's web notification, when allowed; the desktop notifies from its main process. */
function notify(title: string, body: string, tag: string) {
  if (window.studio || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some browsers allow notifications only from a service worker; the banner still says it.
  }
}

export function BudgetBanner() {
  const { t } = useTranslation(['shell', 'common']);
  const say = useMessageText();
  const queryClient = useQueryClient();
  const activeId = useCall('profiles.list', EMPTY).data?.activeId;
  // Asked for once the first screen is usable (state/after-first-screen.ts); a warning that comes meanwhile is an event.
  const after = useAfterFirstScreen();
  const status = useCall('budgets.status', { profileId: activeId ?? '' }, { enabled: activeId !== undefined && after }).data;
  const [warnings, setWarnings] = useState<BudgetWarning[]>([]);
  const override = useAction('budgets.override', {
    onSuccess: (s) => queryClient.setQueryData(callKey('budgets.status', { profileId: s.profileId }), s),
  });
  useEvent('budgets.onChange', ({ warnings: fresh }) => {
    if (!fresh.length) return;
    // The newest warning of each budget replaces the one before it.
    setWarnings((shown) => [...shown.filter((w) => !fresh.some((f) => f.profileId === w.profileId && f.kind === w.kind)), ...fresh]);
    for (const w of fresh) {
      const notice = budgetNotice(w, say);
      notify(notice.title, notice.body, `budget-${w.profileId}-${w.kind}-${w.level}`);
    }
  });

  const shown = warnings.filter((w) => w.profileId === activeId);
  const spent = status?.blocked ? status.budgets.find((b) => b.spent >= b.limit) : undefined;
  const armed = status?.overrideArmed === true;
  if (!shown.length && !spent && !armed) return null;
  return (
    <section className="banner banner-budget" aria-label={t('budget.label')} data-testid="budget-banner">
      <div className="banner-text" role="status">
        {shown.map((w) => {
          const notice = budgetNotice(w, say);
          return (
            <p key={w.kind}>
              <strong>{notice.title}</strong> {notice.body}
            </p>
          );
        })}
        {spent && <p>{t('budget.blocked', { budget: say(msg(`budgets.kind.${spent.kind}`)) })}</p>}
        {armed && <p>{t('budget.armed')}</p>}
      </div>
      {spent && activeId !== undefined && (
        <button type="button" className="button" aria-disabled={override.isPending} onClick={() => !override.isPending && override.mutate({ profileId: activeId })}>
          {t('budget.allowNext')}
        </button>
      )}
      {shown.length > 0 && (
        <button type="button" className="button" onClick={() => setWarnings((all) => all.filter((w) => w.profileId !== activeId))}>
          {t('common:dismiss')}
        </button>
      )}
    </section>
  );
}
