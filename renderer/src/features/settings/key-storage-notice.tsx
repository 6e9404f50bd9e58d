/**
 * Where saved keys go. When the OS offers no encryption (Linux basic_text), keys are stored only
 * after the user agrees, so the notice carries the consent control itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY, callKey, useAction, useCall } from '../../api/client.js';

export function KeyStorageNotice({ emphasize }: { emphasize: boolean }) {
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
        {s.backend === 'encrypted'
          ? 'Keys are encrypted with your system keychain.'
          : 'Keys are kept in a file only your user account can read.'}
      </p>
    );
  }
  const strong = emphasize && !s.consentGiven;
  return (
    <div className={`notice notice-warn${strong ? ' notice-strong' : ''}`} data-testid="plaintext-notice">
      <p>
        <strong>This computer offers no encrypted key storage.</strong> A saved key would be stored unencrypted in the
        studio&apos;s settings folder, readable by anyone with access to your files.
        {strong && ' Allow this to save the key, or leave the key empty.'}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={s.consentGiven}
          disabled={allow.isPending}
          onChange={(e) => allow.mutate({ allow: e.target.checked })}
        />
        Allow storing API keys unencrypted on this computer
      </label>
      {allow.error && <p className="form-error">{allow.error.message}</p>}
    </div>
  );
}
