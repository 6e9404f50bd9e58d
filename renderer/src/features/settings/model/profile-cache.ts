/** Writes call results straight into the profiles query, so the top bar and every tab follow at once. */
import { useQueryClient } from '@tanstack/react-query';
import type { ProfilesView, ProfileView } from '@shared/contract/index.js';
import { EMPTY, callKey } from '../../../api/client.js';

export function useProfilesCache() {
  const queryClient = useQueryClient();
  const key = callKey('profiles.list', EMPTY);
  return {
    setView: (view: ProfilesView) => queryClient.setQueryData(key, view),
    putProfile: (profile: ProfileView) =>
      queryClient.setQueryData<ProfilesView>(key, (old) => {
        if (!old) return old;
        const known = old.profiles.some((p) => p.id === profile.id);
        return {
          ...old,
          profiles: known ? old.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...old.profiles, profile],
        };
      }),
  };
}
