/**
 * The member defaults of C§3 / P§3 ("barcode (default empty), discount (default 100), industry
 * (default 2)") as the server answers them for a card it has just made. The barcode is the card
 * number, not empty (docs/decisions.md "Member defaults").
 */
import { eq, or } from 'drizzle-orm';
import { vipCalls } from '../../../src/api/contract/vip';
import { memberLevels } from '../../../server/src/db/schema';
import { Industry } from '../../../src/domain/enums';
import { toMemberInfo } from '../../../server/src/services/members-read';
import { CHAIN_ID, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { cardOf, setShop, smsCode } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

async function register(shopId: number, phone: string) {
  const token = await server.login(shopId, `defaults-${phone}`);
  const code = await smsCode(server, token, phone);
  const res = await server.call(vipCalls.register, { phone, smsCode: code, name: '赵六' }, { token });
  if (!res.ok) throw new Error(res.info);
  return res.info.vipInfo;
}

describe('a new card’s defaults (C§3, P§3)', () => {
  test('a card registered in the fast-food restaurant says industry 2 and carries its card number as barcode', async () => {
    const vip = await register(SHOP.restaurant, '13700000071');
    const row = await cardOf(server, vip.id);
    expect(vip.industry).toBe(Industry.fastfood);
    expect(Industry.fastfood).toBe(2);
    expect(row.cardNo).toMatch(/\S/);
    expect(vip.barcode).toBe(row.cardNo);
  });

  test("a card takes its shop's industry: registered in a retail shop it says 1", async () => {
    await setShop(server, SHOP.restaurant, { industry: Industry.retail });
    const vip = await register(SHOP.restaurant, '13700000072');
    expect(vip.industry).toBe(Industry.retail);
  });

  test('a shop without member levels makes a card with discount 100 (no discount); a level with a discount gives its own', async () => {
    // the restaurant's chain starts new cards at its lowest level, 98 %
    const withLevel = await register(SHOP.restaurant, '13700000074');
    const [lowest] = await server.db.select().from(memberLevels).where(eq(memberLevels.level, Number(withLevel.level)));
    expect(withLevel.discount).toBe(lowest.discount);
    expect(lowest.discount).toBe(98);
    await server.db
      .update(memberLevels)
      .set({ active: false })
      .where(or(eq(memberLevels.shopId, SHOP.restaurant), eq(memberLevels.chainId, CHAIN_ID)));
    const vip = await register(SHOP.restaurant, '13700000075');
    expect(vip.discount).toBe(100);
  });

  test('a card read without its shop says industry 2', async () => {
    await setShop(server, SHOP.restaurant, { industry: Industry.beauty });
    const vip = await register(SHOP.restaurant, '13700000073');
    expect(vip.industry).toBe(Industry.beauty);
    const row = await cardOf(server, vip.id);
    const info = toMemberInfo(row);
    expect(info.industry).toBe(2);
    expect(info.barcode).toBe(row.cardNo);
  });
});
