/**
 * The page lost its host, or the host no longer knows this tab (api/connection.ts). A bar under
 * the top bar, beside the panels and never around them: nothing is remounted, every form stays
 * usable and keeps what was typed, and the bar goes by itself once the host answers again. It
 * says what the page is doing (trying again by itself) and what the creator can do.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onReconnect, retryConnection, useConnection } from '../api/connection.js';

/**
 * Back in contact: everything the host owns is read again (tasks, library, balance,
 * conversations…), since the events sent while the page was away never arrived.
 */
export function useReconnectRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => onReconnect(() => void queryClient.invalidateQueries()), [queryClient]);
}

export function ConnectionBanner() {
  const { t } = useTranslation('shell');
  const state = useConnection((c) => c.state);
  const restarted = useConnection((c) => c.restarted);
  if (state === 'online') return null;
  const desktop = window.studio !== undefined;
  return (
    <div className="banner banner-connection" role="alert" data-testid="connection-banner" data-state={state}>
      <div className="banner-text">
        {state === 'lost' ? (
          <>
            <strong>{t('connection.lost')}</strong>
            <p>{desktop ? t('connection.lostDesktop') : t('connection.lostBrowser')}</p>
          </>
        ) : (
          <>
            <strong>{restarted ? t('connection.restarted') : t('connection.signedOut')}</strong>
            <p>{t('connection.signIn')}</p>
          </>
        )}
      </div>
      {state === 'lost' && (
        <button type="button" className="button" onClick={retryConnection}>
          {t('connection.retry')}
        </button>
      )}
    </div>
  );
}
