/**
 * The member account screens end to end in headless Chromium against the H5 build and the real server
 * (MEMBER-1, MEMBER-2, MEMBER-3, USER-2): a browser visitor registers by phone and SMS code (the code
 * read from the development SMS provider's log line, as a phone would receive it), sets a pay password
 * on the keypad (123456 and a mismatch refused with their messages), edits name and birthday, and sees
 * the member center with balance, gift amount, points, the barcode and a QR code that reads back as
 * the card number. Screenshots of every screen go to test-results/screens (docs/screens/member-*.png).
 */
import type { Page } from 'playwright-core';
import { SHOP } from './demo';
import { readQrPng } from '../support/qr';
import { apiCall, e2eReady, launch, newPhone, serverAndBrowser, shot, storedToken, tap, toastText, type, type RunningServer } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

const PHONE = '13700000901';

/** The last code the development SMS provider logged for `phone` (its info line carries phone and code). */
async function smsCodeFor(server: RunningServer, phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = [...server.output().matchAll(new RegExp(`"phone":"${phone}","code":"(\\d{6})"`, 'g'))];
    if (found.length > 0) return found[found.length - 1][1];
    if (Date.now() > deadline) throw new Error(`no SMS code logged for ${phone}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Types six digits on the pay-password keypad on screen. */
async function typeKeypad(page: Page, digits: string): Promise<void> {
  for (const d of digits) await tap(page, `#key-${d}`);
}

/**
 * Waits until the toast on screen says `text` (an earlier toast may still be showing its 1.5 s) and
 * answers what it says then, so a wrong message fails with the text the customer saw.
 */
async function toastSays(page: Page, text: string): Promise<string> {
  try {
    await page.waitForFunction(
      (want) => {
        const el = document.querySelector('.taro__toast') as HTMLElement | null;
        return Boolean(el && el.style.display !== 'none' && el.style.opacity !== '0' && el.textContent === want);
      },
      text,
      { timeout: 10_000 },
    );
    return text;
  } catch {
    return toastText(page);
  }
}

/** Waits for the visible element holding `text`. */
async function see(page: Page, selector: string, text: string | RegExp): Promise<void> {
  await page.locator(selector, { hasText: text }).first().waitFor({ state: 'visible', timeout: 20_000 });
}

suite('member account screens in a browser', () => {
  // the SMS provider's log line is where the code arrives (LOG_LEVEL info)
  const env = serverAndBrowser({ LOG_LEVEL: 'info' });

  test('register by SMS, set the pay password, edit name and birthday, see the member center with its codes', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-shop-name').waitFor({ timeout: 30_000 });

      // the "mine" tab of a visitor: the invitation to join
      await page.goto(`${env.server.base}/#/pages/user/center`);
      await page.locator('#center-join').waitFor({ timeout: 20_000 });
      await see(page, '#center-nickname', /^其他用户/);
      await shot(page, 'user-center-visitor');

      // register: phone + SMS code (a browser has no phone authorisation)
      await tap(page, '#center-register');
      await page.locator('#register-phone').waitFor({ timeout: 20_000 });
      await shot(page, 'member-register');
      await tap(page, '#register-submit');
      expect(await toastSays(page, '请输入手机号')).toBe('请输入手机号');
      await type(page, '#register-phone', PHONE);
      await tap(page, '#register-code-send');
      expect(await toastSays(page, '验证码已发送')).toBe('验证码已发送');
      await see(page, '#register-code-send', /秒后重发/);
      await type(page, '#register-code', await smsCodeFor(env.server, PHONE));
      await tap(page, '#register-submit');
      expect(await toastSays(page, '注册成功')).toBe('注册成功');

      // the member center of the new card
      await page.locator('#member-card').waitFor({ timeout: 30_000 });
      await see(page, '#member-balance', '¥0.00');
      await see(page, '#member-gift', '¥0.00');
      await see(page, '#member-points', '0');
      const cardNo = ((await page.locator('#member-card-no').textContent()) ?? '').replace(/^NO\.\s*/, '');
      expect(cardNo).toMatch(/^\d{14}$/);
      // the barcode: Code 128 bars drawn as elements; the QR code reads back as the card number
      expect(await page.locator('#member-barcode .member-barcode__bar').count()).toBeGreaterThan(30);
      expect(readQrPng(await page.locator('#member-qrcode').screenshot())).toBe(cardNo);
      await shot(page, 'member-center');

      // pay password: 123456 and a mismatch are refused with their messages, then it is set
      await tap(page, '#entry-pay-password');
      await page.locator('#pay-password-step').waitFor({ timeout: 20_000 });
      await see(page, '#pay-password-step', '请设置 6 位数字支付密码');
      await shot(page, 'member-edit-paypassword');
      await typeKeypad(page, '123456');
      expect(await toastSays(page, '支付密码不能为123456')).toBe('支付密码不能为123456');
      await typeKeypad(page, '246813');
      await see(page, '#pay-password-step', '请再次输入支付密码');
      await typeKeypad(page, '246814');
      expect(await toastSays(page, '两次输入的密码不一致')).toBe('两次输入的密码不一致');
      await see(page, '#pay-password-step', '请设置 6 位数字支付密码');
      await typeKeypad(page, '246813');
      await typeKeypad(page, '246813');
      expect(await toastSays(page, '支付密码设置成功')).toBe('支付密码设置成功');
      await see(page, '#entry-pay-password', '已设置');

      // info edit: name and birthday (the picker opens on 1990-01-01 and is confirmed)
      await tap(page, '#entry-edit');
      await page.locator('#member-name').waitFor({ timeout: 20_000 });
      await type(page, '#member-name', '');
      await tap(page, '#member-edit-save');
      expect(await toastSays(page, '请输入姓名')).toBe('请输入姓名');
      await type(page, '#member-name', '王五');
      await tap(page, '#member-birthday');
      await page.getByText('确定', { exact: true }).last().click();
      await see(page, '#member-birthday', '1990-01-01');
      await shot(page, 'member-edit');
      await tap(page, '#member-edit-save');
      expect(await toastSays(page, '保存成功')).toBe('保存成功');
      await page.locator('#member-card').waitFor({ timeout: 20_000 });
      await see(page, '.member-card__holder', '王五');
      const info = await apiCall(page, 'vip/getInfo', {});
      expect((info.info as { vipInfo: { name: string; birthday: string; hasPayPassword: boolean } }).vipInfo).toMatchObject({ name: '王五', birthday: '1990-01-01', hasPayPassword: true });

      // the member's binding code and the forgotten-password screen
      await tap(page, '#entry-bind-qrcode');
      await page.locator('#bind-qrcode').waitFor({ timeout: 20_000 });
      expect(readQrPng(await page.locator('#bind-qrcode').screenshot())).toMatch(/^[\w-]+\.[\w-]+$/);
      await shot(page, 'member-bind-qrcode');
      // a set password is changed with the original; the keypad closes to show "forgot"
      await page.goBack();
      await page.locator('#member-card').waitFor({ timeout: 20_000 });
      await tap(page, '#entry-pay-password');
      await see(page, '#pay-password-step', '请输入原支付密码');
      await tap(page, '.sheet__close');
      await tap(page, '#pay-password-forgot');
      await see(page, '#forgot-phone', '137****0901');
      // the page slides in from the right: on screen once it has arrived
      await page.waitForFunction(() => (document.querySelector('#forgot-phone')?.getBoundingClientRect().right ?? 999) <= 375, undefined, { timeout: 10_000 });
      await shot(page, 'member-forgot-paypassword');

      // the "mine" tab of the member: card summary; the profile's nickname saved in user/info
      await page.goto(`${env.server.base}/#/pages/user/center`);
      await page.locator('#center-member').waitFor({ timeout: 20_000 });
      await see(page, '#center-balance', '¥0.00');
      await shot(page, 'user-center');
      await tap(page, '#center-profile');
      await page.locator('#info-nickname').waitFor({ timeout: 20_000 });
      await type(page, '#info-nickname', '小王');
      await tap(page, '#info-save');
      expect(await toastSays(page, '已保存')).toBe('已保存');
      await shot(page, 'user-info');
      const me = await apiCall(page, 'store/userInfo', {});
      expect(me.info).toMatchObject({ nickName: '小王', phone: PHONE, authorised: true });
      expect(await storedToken(page)).not.toBe('');
    } finally {
      await context.close();
    }
  });
});
