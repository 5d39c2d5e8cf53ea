/** The profile store of the "mine" tab and user/info (main package pages), built once from the root. */
import { useStores } from '@/stores';
import { UserProfileStore } from '@/stores/areas/user-profile';

export function useProfile(): UserProfileStore {
  return useStores().area('user-profile', (root) => new UserProfileStore({ api: root.api, platform: root.platform }));
}
