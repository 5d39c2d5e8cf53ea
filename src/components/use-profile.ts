/** The profile store of the "mine" tab and user/info (main package pages), built by the stores: `userProfileArea`. */
import { useStores } from '@/stores';
import { userProfileArea, type UserProfileStore } from '@/stores/areas/user-profile';

export function useProfile(): UserProfileStore {
  return userProfileArea(useStores());
}
