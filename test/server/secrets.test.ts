/**
 * Server secrets (server/src/secrets.ts): one configuration entry each, generated once into the data
 * directory for the embedded demo, required of PostgreSQL nodes in production, and none doubling as
 * another (MERCHANT_KEY signs nothing).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { userCalls } from '../../src/api/contract/user';
import { vipCalls } from '../../src/api/contract/vip';
import { DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { readConfiguredSecrets, resolveSecrets, SecretsConfigError } from '../../server/src/secrets';
import { buildTestServer } from '../support/build-server';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
const embedded = (dataDir: string) => ({ databaseUrl: path.join(dataDir, 'db'), dataDir, configuredSecrets: {}, production: false });

describe('resolving', () => {
  test('the embedded demo generates each secret once into DATA_DIR and reads the same on the next start', () => {
    const dir = tmp();
    const first = resolveSecrets(embedded(dir));
    const second = resolveSecrets(embedded(dir));
    expect(second).toEqual(first);
    expect(Object.values(first).every((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true);
    // no secret doubles as another
    expect(new Set(Object.values(first)).size).toBe(Object.keys(first).length);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  test('six starts at once on one fresh DATA_DIR (worker threads) end with the same secrets', async () => {
    const dir = tmp();
    const src = path.join(__dirname, '../../server/src/secrets.ts');
    const code = `
      require('tsx/cjs');
      const { parentPort, workerData } = require('node:worker_threads');
      const { resolveSecrets } = require(workerData.src);
      parentPort.postMessage(resolveSecrets({ databaseUrl: workerData.dir + '/db', dataDir: workerData.dir, configuredSecrets: {}, production: false }));`;
    const run = () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const w = new Worker(code, { eval: true, workerData: { dir, src } });
        w.once('message', resolve);
        w.once('error', reject);
      });
    const all = await Promise.all(Array.from({ length: 6 }, run));
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    for (const s of all) expect(s).toEqual(onDisk);
  }, 60_000);

  test('configured values (the variable or its _FILE) are used verbatim', () => {
    const dir = tmp();
    const file = path.join(dir, 'vip.key');
    writeFileSync(file, 'vip-token-key-from-a-file\n');
    const given = readConfiguredSecrets({ PAY_SANDBOX_SECRET: 'sandbox-key', VIP_TOKEN_SECRET_FILE: file, ENCRYPT_PARAMS_SECRET: 'params-key' });
    expect(resolveSecrets({ ...embedded(dir), configuredSecrets: given })).toEqual({
      paySandbox: 'sandbox-key',
      vipToken: 'vip-token-key-from-a-file',
      encryptParams: 'params-key',
    });
  });

  test('a production node on PostgreSQL without them does not start, and says which to set', () => {
    const cfg = { databaseUrl: 'postgres://u:p@db/app', dataDir: tmp(), configuredSecrets: { paySandbox: 'x' }, production: true };
    expect(() => resolveSecrets(cfg)).toThrow(SecretsConfigError);
    expect(() => resolveSecrets(cfg)).toThrow('set ENCRYPT_PARAMS_SECRET, VIP_TOKEN_SECRET (or their _FILE entries)');
  });
});

describe('MERCHANT_KEY signs nothing', () => {
  test('vip tokens and encrypted parameters are signed with their own secrets, whatever the merchant key', async () => {
    const signed = async (merchantKey: string, vipToken: string) => {
      const server = await buildTestServer({
        config: { merchantKey, configuredSecrets: { paySandbox: 's', vipToken, encryptParams: `${vipToken}-params` } },
      });
      try {
        const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
        const vip = await server.call(vipCalls.genVipToken, {}, { token });
        const params = await server.call(userCalls.getEncryptParams, { key: 'k' }, { token });
        if (!vip.ok || !params.ok) throw new Error('calls failed');
        return { vip: vip.info.token, params: params.info.params };
      } finally {
        await server.close();
      }
    };
    const a = await signed('merchant-a', 'vip-secret-1');
    const b = await signed('merchant-b', 'vip-secret-1');
    const c = await signed('merchant-a', 'vip-secret-2');
    const sig = (t: string) => t.split('.')[1];
    // the token's signature is the HMAC of its payload with VIP_TOKEN_SECRET
    expect(sig(a.vip)).toBe(createHmac('sha256', 'vip-secret-1').update(a.vip.split('.')[0]).digest('base64url'));
    expect(sig(b.vip)).toBe(createHmac('sha256', 'vip-secret-1').update(b.vip.split('.')[0]).digest('base64url'));
    expect(sig(c.vip)).toBe(createHmac('sha256', 'vip-secret-2').update(c.vip.split('.')[0]).digest('base64url'));
    expect(sig(a.params)).toBe(createHmac('sha256', 'vip-secret-1-params').update(a.params.split('.')[0]).digest('base64url'));
  }, 120_000);
});
