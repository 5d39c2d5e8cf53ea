/**
 * The customer's profile (USER-2): nickname and avatar as the "mine" tab and user/info show them, the
 * nickname change and the avatar upload (user/setUserInfo, P§7). Kept small: the "mine" tab is in the
 * main package.
 */
import { makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { isApiError } from '../../api/request';
import type { UserProfile } from '../../api/contract/user';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import type { Platform } from '../../platform/types';
import { change } from '../named-action';
import type { RootStore } from '../root';

export interface UserProfileDeps {
  api: Pick<Api, 'store' | 'user'>;
  platform: Pick<Platform, 'upload'>;
}

/** How a change ended: `shown` says the request layer already toasted the server's reason. */
export type ProfileResult = { ok: true } | { ok: false; error: RuleError; shown: boolean; cancelled?: boolean };

/** The longest nickname the contract accepts. */
export const NICKNAME_MAX = 64;

/** The URL in the avatar upload's answer `{result: true, info: {url}}`; null for anything else. */
export function uploadedAvatarUrl(response: unknown): string | null {
  if (!response || typeof response !== 'object') return null;
  const body = response as { result?: unknown; info?: unknown };
  if (body.result !== true || !body.info || typeof body.info !== 'object') return null;
  const url = (body.info as { url?: unknown }).url;
  return typeof url === 'string' && url !== '' ? url : null;
}

export class UserProfileStore {
  profile: UserProfile | null = null;
  loading = false;
  /** A nickname or avatar change is under way (a second tap does nothing). */
  saving = false;

  constructor(private readonly deps: UserProfileDeps) {
    makeObservable(this, { profile: observable.ref, loading: observable, saving: observable });
  }

  /** store/userInfo: the profile and the card shown with it. A failure keeps what was shown. */
  async load(): Promise<void> {
    change('profile/loading', () => {
      this.loading = true;
    });
    try {
      const profile = await this.deps.api.store.userInfo(undefined, { silent: true });
      change('profile/load', () => {
        this.profile = profile;
      });
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      change('profile/loaded', () => {
        this.loading = false;
      });
    }
  }

  /** user/setUserInfo with a new nickname; a blank one is refused here (`requiredName`). */
  async saveNickName(nickName: string): Promise<ProfileResult> {
    const name = nickName.trim();
    if (name === '') return { ok: false, error: ruleError(ErrorCode.requiredName), shown: false };
    return this.save({ nickName: name.slice(0, NICKNAME_MAX) });
  }

  /**
   * USER-2: the platform's image picker uploads the picture (user/uploadAvatar), then the profile
   * takes its URL. Backing out of the picker changes nothing and says nothing.
   */
  async changeAvatar(): Promise<ProfileResult> {
    if (this.saving) return { ok: false, error: ruleError(ErrorCode.requestInProgress), shown: true };
    change('profile/saving', () => {
      this.saving = true;
    });
    let url: string | null = null;
    try {
      const uploaded = await this.deps.platform.upload.chooseAndUpload(this.deps.api.user.avatarUploadTarget());
      if (!uploaded.ok) {
        return { ok: false, error: ruleError(uploaded.code), shown: false, cancelled: uploaded.cancelled === true };
      }
      url = uploadedAvatarUrl(uploaded.value.response);
    } finally {
      change('profile/saved', () => {
        this.saving = false;
      });
    }
    if (!url) return { ok: false, error: ruleError(ErrorCode.avatarUploadFailed), shown: false };
    return this.save({ avatarUrl: url });
  }

  private async save(patch: { nickName?: string; avatarUrl?: string }): Promise<ProfileResult> {
    if (this.saving) return { ok: false, error: ruleError(ErrorCode.requestInProgress), shown: true };
    change('profile/saving', () => {
      this.saving = true;
    });
    try {
      const profile = await this.deps.api.user.setUserInfo(patch);
      change('profile/save', () => {
        this.profile = profile;
      });
      return { ok: true };
    } catch (e) {
      if (!isApiError(e)) throw e;
      return { ok: false, error: ruleError(e.code), shown: true };
    } finally {
      change('profile/saved', () => {
        this.saving = false;
      });
    }
  }
}

/** The profile store of `root` (first use only). */
export function userProfileArea(root: RootStore): UserProfileStore {
  return root.area('user-profile', (r) => new UserProfileStore({ api: r.api, platform: r.platform }));
}
