/** The profile of the "mine" tab and user/info (USER-2) against the real server: nickname, avatar upload. */
import { SHOP } from '../../server/src/demo/ids';
import { errorMessage } from '../../src/i18n';
import type { ImageUploadAdapter } from '../../src/platform/types';
import { UserProfileStore, uploadedAvatarUrl } from '../../src/stores/areas/user-profile';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { fakeRoot } from '../support/store-factories';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Numbers the login codes: each store is a new customer, the same in every run. */
let logins = 0;

async function profileStore(upload: ImageUploadAdapter = { chooseAndUpload: async () => ({ ok: false, code: 'platformUnsupported' }) }) {
  const { root } = fakeRoot({
    via: () => new InjectTransport(server),
    // the client's clock is the server's, so the token's expiry reads the same on both sides
    now: () => server.clock.now(),
    login: { supported: true, login: async () => ({ ok: true, value: { code: `profile-${(logins += 1)}`, via: 'login' } }) },
  });
  root.start({ id: String(SHOP.restaurant) });
  await root.auth.ensureLogin();
  return new UserProfileStore({ api: root.api, platform: { upload } });
}

describe('profile (USER-2)', () => {
  test('a new user is unauthorised with the server’s "other user" nickname and a generated avatar', async () => {
    const store = await profileStore();
    await store.load();
    expect(store.profile).toMatchObject({ authorised: false, nickName: expect.stringMatching(/^其他用户\d+$/), avatarUrl: expect.stringMatching(/^\/avatars\/\d\.svg$/) });
  });

  test('a nickname is saved (trimmed) and makes the user authorised; a blank one asks for the name', async () => {
    const store = await profileStore();
    const blank = await store.saveNickName('   ');
    expect(blank.ok ? null : errorMessage(blank.error)).toBe('请输入姓名');
    expect(await store.saveNickName('  小明 ')).toEqual({ ok: true });
    expect(store.profile).toMatchObject({ nickName: '小明', authorised: true });
  });

  test('an uploaded avatar’s URL becomes the profile’s avatar', async () => {
    const store = await profileStore({ chooseAndUpload: async () => ({ ok: true, value: { response: { result: true, info: { url: '/uploads/avatars/5-0123456789abcdef.png' } } } }) });
    expect(await store.changeAvatar()).toEqual({ ok: true });
    expect(store.profile?.avatarUrl).toBe('/uploads/avatars/5-0123456789abcdef.png');
  });

  test('backing out of the picker changes nothing; a refused upload says "avatar upload failed"', async () => {
    const cancelled = await profileStore({ chooseAndUpload: async () => ({ ok: false, code: 'avatarUploadFailed', cancelled: true }) });
    expect(await cancelled.changeAvatar()).toMatchObject({ ok: false, cancelled: true });
    const refused = await profileStore({ chooseAndUpload: async () => ({ ok: true, value: { response: { result: false, info: '头像上传失败' } } }) });
    const res = await refused.changeAvatar();
    expect(res.ok ? null : errorMessage(res.error)).toBe('头像上传失败');
    expect(refused.profile).toBeNull();
  });

  test('the upload answer is read only when it carries a URL', () => {
    expect(uploadedAvatarUrl({ result: true, info: { url: '/x.png' } })).toBe('/x.png');
    expect(uploadedAvatarUrl('{"result":true}')).toBeNull();
    expect(uploadedAvatarUrl({ result: true, info: {} })).toBeNull();
  });
});
