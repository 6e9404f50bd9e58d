/** Saving studio-wide settings: the host's answer replaces the cached view at once. */
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsView } from '@shared/contract/index.js';
import { EMPTY, callKey, useAction } from '../../../api/client.js';

export function useSettingsAction() {
  const queryClient = useQueryClient();
  const update = useAction('settings.update', {
    onSuccess: (view) => queryClient.setQueryData(callKey('settings.get', EMPTY), view),
  });
  /** Applies a choice at once; the host's answer (or event) confirms it. */
  const choose = (patch: Partial<Pick<SettingsView, 'theme' | 'language' | 'chatSendKey'>>) => {
    queryClient.setQueryData<SettingsView>(callKey('settings.get', EMPTY), (old) => old && { ...old, ...patch });
    update.mutate(patch);
  };
  return { update, choose };
}
