/**
 * Where saved keys go. When the OS offers no encryption (Linux basic_text), keys are stored only
 * after the user agrees, so the notice carries the consent control itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { EMPTY, callKey, useAction, useCall } from '../../../api/client.js';
import { useMessageText } from '../../../i18n/messages.js';

export function KeyStorageNotice({ emphasize }: { emphasize: boolean }) {
  const { t } = useTranslation('settings');
  const say = useMessageText();
  const queryClient = useQueryClient();
  const storage = useCall('profiles.keyStorage', EMPTY);
  const allow = useAction('profiles.allowPlaintextKeys', {
    onSuccess: (view) => queryClient.setQueryData(callKey('profiles.keyStorage', EMPTY), view),
  });
  const s = storage.data;
  if (!s) return null;

  if (s.backend !== 'plaintext') {
    return (
      <p className="hint">
        {s.backend === 'encrypted' ? t('keyStorage.encrypted') : t('keyStorage.file')}
      </p>
    );
  }
  const strong = emphasize && !s.consentGiven;
  return (
    <div className={`notice notice-warn${strong ? ' notice-strong' : ''}`} data-testid="plaintext-notice">
      <p>
        <Trans t={t} i18nKey={strong ? 'keyStorage.plaintextAsk' : 'keyStorage.plaintext'} components={{ strong: <strong /> }} />
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={s.consentGiven}
          disabled={allow.isPending}
          onChange={(e) => allow.mutate({ allow: e.target.checked })}
        />
        {t('keyStorage.allow')}
      </label>
      {allow.error && <p className="form-error">{say(allow.error)}</p>}
    </div>
  );
}
