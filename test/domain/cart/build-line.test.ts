/**
 * The one cart line builder (src/domain/cart/build-line.ts): the app adds and re-builds lines with it
 * and the server re-builds submissions with it, so a choice gives the same line — flag, prices,
 * names — on both sides.
 */
import { buildCartLine } from '../../../src/domain/cart';
import { ErrorCode } from '../../../src/domain/errors';
import { lineFlag } from '../../../src/domain/pricing';
import type { Product } from '../../../src/domain/types';
import { rebuildCart } from '../../../server/src/services/orders/cart';
import type { Menu } from '../../../server/src/services/menu';

const noodles: Product = {
  id: 7,
  name: 'Beef noodles',
  typeid: 3,
  price: 28,
  status: 0,
  specs: [
    { id: 71, name: 'Small', price: 28, memberPrice: 25 },
    { id: 72, name: 'Large', price: 34, memberPrice: 30 },
    { id: 73, name: 'Family', price: 58, status: 1 },
  ],
  tastes: [
    { id: 5, name: 'Spice', required: true, options: [{ id: 51, name: 'Mild', price: 0 }, { id: 52, name: 'Hot', price: 1 }] },
    { id: 6, name: 'Extras', required: false, multiple: true, options: [{ id: 61, name: 'Egg', price: 2 }] },
  ],
};

describe('buildCartLine', () => {
  it('prices the named spec and its tastes from the menu, with the flag of the choice', () => {
    const built = buildCartLine(noodles, { specId: 72, tastes: [{ id: 52 }, { id: 61, quantity: 2 }], quantity: 3 });
    if (!('line' in built)) throw new Error(JSON.stringify(built));
    expect(built.line).toMatchObject({
      id: 7,
      name: 'Beef noodles',
      price: 34,
      memberPrice: 30,
      specId: 72,
      specName: 'Large',
      quantity: 3,
      tastesName: 'Hot,Egg×2',
      flag: lineFlag(7, 72, [{ id: 52, quantity: 1 }, { id: 61, quantity: 2 }], []),
    });
  });

  it('takes the first spec when none is named only where asked (the app), never on the server', () => {
    const app = buildCartLine(noodles, { tastes: [{ id: 51 }] }, { defaultSpec: true });
    expect('line' in app && app.line.specId).toBe(71);
    const server = buildCartLine(noodles, { tastes: [{ id: 51 }] });
    expect('error' in server && server.error.code).toBe(ErrorCode.specInvalid);
  });

  it('refuses an unknown spec or taste, a sold-out spec, and a missing required taste', () => {
    const code = (r: ReturnType<typeof buildCartLine>) => ('error' in r ? r.error.code : null);
    expect(code(buildCartLine(noodles, { specId: 99, tastes: [{ id: 51 }] }))).toBe(ErrorCode.specInvalid);
    expect(code(buildCartLine(noodles, { specId: 71, tastes: [{ id: 99 }] }))).toBe(ErrorCode.tasteInvalid);
    expect(code(buildCartLine(noodles, { specId: 73, tastes: [{ id: 51 }] }))).toBe(ErrorCode.productSoldOut);
    // lines already ordered are re-built whatever the spec's state now
    expect(code(buildCartLine(noodles, { specId: 73, tastes: [{ id: 51 }] }, { checkSpecStatus: false }))).toBeNull();
    expect(code(buildCartLine(noodles, { specId: 71 }))).toBe(ErrorCode.requiredTasteGroup);
  });

  it("the server's re-built submission carries the same line as the app's", () => {
    const menu = { byId: new Map([[7, noodles]]), categories: [] } as unknown as Menu;
    const choice = { specId: 72, tastes: [{ id: 52 }], quantity: 2 };
    const app = buildCartLine(noodles, choice, { defaultSpec: true });
    const server = rebuildCart(
      [{ id: 7, specId: 72, tastes: [{ id: 52, quantity: 1 }], mealset: [], quantity: 2, flag: 'x' }],
      menu,
      { now: Date.UTC(2026, 2, 4, 4), zone: 480, memberLevel: null },
    );
    if (!('line' in app) || !('lines' in server)) throw new Error('not built');
    expect(server.lines[0].cart).toEqual(app.line);
  });
});
