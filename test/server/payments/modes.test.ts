/**
 * Payment modes (ORDER-7): PAYMENTS names the providers; production refuses the sandbox unless
 * allowed and refuses to start without a real provider; outside sandbox mode no sandbox route exists
 * and the online pay types nobody serves are not offered.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { SHOP } from '../../../server/src/demo/ids';
import { loadPaymentsConfig, parseProviders, PaymentsConfigError } from '../../../server/src/payments/config';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { dine, failure, place, success } from '../orders/helpers';

const URL_ = 'http://shop.example';

describe('PAYMENTS and production', () => {
  test('names the providers, comma-separated; an unknown one is refused', () => {
    expect(parseProviders(' sandbox, WechatPay ,alipay,sandbox')).toEqual(['sandbox', 'wechatpay', 'alipay']);
    expect(parseProviders(undefined)).toEqual([]);
    expect(() => parseProviders('sandbox,paypal')).toThrow('PAYMENTS names "paypal"');
  });

  test('production refuses the sandbox unless ALLOW_SANDBOX_IN_PRODUCTION=1', () => {
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }, URL_)).toThrow(PaymentsConfigError);
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }, URL_)).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION=1/);
  });

  test('production without a real provider does not start, with a clear message', () => {
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production' }, URL_)).toThrow(/needs a real payment provider/);
    expect(() =>
      loadPaymentsConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: '1' }, URL_),
    ).toThrow(/needs a real payment provider/);
  });

  test('a provider named without its keys is refused, naming what is missing', () => {
    expect(() => loadPaymentsConfig({ PAYMENTS: 'wechatpay', WECHATPAY_MCHID: '1900000001' }, URL_)).toThrow(
      /WECHATPAY_SERIAL_NO \(or WECHATPAY_SERIAL_NO_FILE\), WECHATPAY_PRIVATE_KEY/,
    );
    expect(() => loadPaymentsConfig({ PAYMENTS: 'alipay' }, URL_)).toThrow(/ALIPAY_PAY_PRIVATE_KEY/);
  });

  test('keys come from the environment or from the files it names', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pay-keys-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = path.join(dir, 'apiclient_key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const pubFile = path.join(dir, 'wechatpay_pub.pem');
    writeFileSync(pubFile, publicKey.export({ type: 'spki', format: 'pem' }));
    const cfg = loadPaymentsConfig(
      {
        NODE_ENV: 'production',
        PAYMENTS: 'wechatpay',
        WECHATPAY_MCHID: '1900000001',
        WECHATPAY_APPID: 'wx0000000000000001',
        WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WECHATPAY_PRIVATE_KEY_FILE: keyFile,
        WECHATPAY_APIV3_KEY: 'a'.repeat(32),
        WECHATPAY_PLATFORM_KEY_FILE: pubFile,
        WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0000000001',
      },
      URL_,
    );
    expect(cfg.providers).toEqual(['wechatpay']);
    expect(cfg.wechatpay?.merchantPrivateKey).toContain('BEGIN PRIVATE KEY');
    expect(cfg.notifyBaseUrl).toBe(URL_);
  });
});

describe('a production start', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../../server/src/main.ts')], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prod-')), PORT: '0', ...env } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 60_000,
    });

  test('stops with one clear line when the sandbox is configured', () => {
    const run = start({ PAYMENTS: 'sandbox' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Not started: PAYMENTS includes sandbox, which lets anyone mark payments as paid; it is refused with NODE_ENV=production unless ALLOW_SANDBOX_IN_PRODUCTION=1.',
    );
  }, 60_000);

  test('stops when no real provider is configured', () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Not started: NODE_ENV=production needs a real payment provider');
  }, 60_000);
});

describe('without the sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({
      config: { payments: { providers: [], notifyBaseUrl: URL_, wechatpay: null, alipay: null } },
    });
  }, 60_000);
  afterAll(() => server.close());

  test('no sandbox page or notification route exists', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox-pay/checkout/T1'],
      ['POST', '/sandbox-pay/wallet'],
      ['POST', '/pay/notify/sandbox'],
    ] as const) {
      const res = await server.app.inject({ method, url, payload: method === 'POST' ? '{}' : undefined, headers: { 'content-type': 'application/json' } });
      expect({ url, statusCode: res.statusCode }).toEqual({ url, statusCode: 404 });
    }
  });

  test('online pay types nobody serves are neither offered nor accepted', async () => {
    const token = await server.login(SHOP.restaurant);
    const setting = success(await server.call(storeCalls.paySetting, {}, { token }));
    expect(setting.payTypes.filter((t) => ['weixin', 'alipay', 'stripe', 'allinpay'].includes(t))).toEqual([]);
    const refused = await server.call(orderCalls.confirm, { ...dine({ payType: 'weixin' }), expectedTotal: 50.4 }, { token, headers: { 'idempotency-key': randomUUID() } });
    expect(failure(refused).code).toBe('noValidPayType');
    // cash still works
    expect((await place(server, token, dine({ payType: 'cash' }))).status).toBe('pending');
  });
});
