/** C§7 user: logins per platform, SMS codes and the avatar upload target. */
import type { userCalls } from './contract/user';
import { bindCall } from './request';
import type { RequestClient } from './request';
import type { UploadTarget } from '../platform/types';

type Calls = typeof userCalls;

/** The avatar upload path under /new/consumer/ (USER-2; equal to the contract's AVATAR_UPLOAD_PATH). */
export const AVATAR_UPLOAD_PATH = 'user/uploadAvatar';

/** The user calls bound to a client. */
export function createUserApi(client: RequestClient) {
  return {
    login: bindCall<Calls['login']>(client, 'user/login'),
    aliLogin: bindCall<Calls['aliLogin']>(client, 'user/aliLogin'),
    h5entry: bindCall<Calls['h5entry']>(client, 'user/h5entry'),
    urlCheck: bindCall<Calls['urlCheck']>(client, 'user/urlCheck'),
    messages: bindCall<Calls['messages']>(client, 'user/messages', { silent: true }),
    token: bindCall<Calls['token']>(client, 'user/token'),
    getCodeInfo: bindCall<Calls['getCodeInfo']>(client, 'user/getCodeInfo'),
    sendSmsCode: bindCall<Calls['sendSmsCode']>(client, 'user/sendSmsCode'),
    h5Login: bindCall<Calls['h5Login']>(client, 'user/h5Login'),
    putLogs: bindCall<Calls['putLogs']>(client, 'user/putLogs'),
    verifyCode: bindCall<Calls['verifyCode']>(client, 'user/verifyCode'),
    getSmsQuantity: bindCall<Calls['getSmsQuantity']>(client, 'user/getSmsQuantity'),
    getEncryptParams: bindCall<Calls['getEncryptParams']>(client, 'user/getEncryptParams'),
    setUserInfo: bindCall<Calls['setUserInfo']>(client, 'user/setUserInfo'),
    /** Where the platform uploads a chosen avatar: multipart field "file", with the C§7 headers. */
    avatarUploadTarget: (): UploadTarget => ({
      url: client.url(AVATAR_UPLOAD_PATH),
      name: 'file',
      headers: client.authHeaders(),
    }),
  };
}

export type UserApi = ReturnType<typeof createUserApi>;
