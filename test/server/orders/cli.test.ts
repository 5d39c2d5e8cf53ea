/**
 * `npm run merchant -- <command>` turns a command line into one merchant operation (SERVER-4); the
 * operations themselves are tested through the admin API in merchant.test.ts.
 */
import { parseCommand } from '../../../server/cli/merchant';

test('orders lists by shop and statuses', () => {
  expect(parseCommand(['orders', '--shop', '1001', '--status', 'pending,confirmed'])).toEqual({
    op: 'orders',
    body: { shopId: 1001, statuses: ['pending', 'confirmed'] },
  });
});

test('an action word names the order action', () => {
  expect(parseCommand(['rider-confirm', '12', '--rider-name', 'Li', '--rider-phone', '137'])).toEqual({
    op: 'order/act',
    body: { id: 12, action: 'riderConfirm', rider: { name: 'Li', phone: '137' } },
  });
});

test('refund --hold leaves the refund pending', () => {
  expect(parseCommand(['refund', '7', '--hold'])).toEqual({ op: 'order/act', body: { id: 7, action: 'refund', hold: true } });
});

test('refund-result fail reports a refused refund', () => {
  expect(parseCommand(['refund-result', '7', 'fail'])).toEqual({ op: 'order/act', body: { id: 7, action: 'refundResult', ok: false } });
});

test('stock sets, adds, takes or stops tracking', () => {
  expect(parseCommand(['stock', '10204', '9']).body).toEqual({ productId: 10204, stock: 9 });
  expect(parseCommand(['stock', '10204', '+3']).body).toEqual({ productId: 10204, delta: 3 });
  expect(parseCommand(['stock', '10204', '-2']).body).toEqual({ productId: 10204, delta: -2 });
  expect(parseCommand(['stock', '10204', 'none']).body).toEqual({ productId: 10204, stock: null });
});

test('export names the shop and the output file', () => {
  expect(parseCommand(['export', '1001', 'shop.json'])).toEqual({ op: 'shop/export', body: { shopId: 1001 }, out: 'shop.json' });
});

test('an unknown command is refused', () => {
  expect(() => parseCommand(['explode', '1'])).toThrow('unknown command explode');
});

test('an order id that is not a number is refused', () => {
  expect(() => parseCommand(['accept', 'abc'])).toThrow('orderId must be a whole number');
});

test('table-codes lists the tables of a shop and names where their codes go', () => {
  expect(
    parseCommand(['table-codes', '--shop', '1001', '--out', 'codes', '--base', 'https://shop.example.com']),
  ).toEqual({
    op: 'tables',
    body: { shopId: 1001 },
    codes: { dir: 'codes', base: 'https://shop.example.com' },
  });
  expect(parseCommand(['table-codes'])).toEqual({ op: 'tables', body: {}, codes: { dir: 'table-codes' } });
});

test('a table-codes option without its value is refused', () => {
  expect(() => parseCommand(['table-codes', '--shop'])).toThrow('--shop needs a value');
  expect(() => parseCommand(['table-codes', '--out', '--shop', '1001'])).toThrow('--out needs a value');
});

test('staff add names the shop, the username and the role; a role other than owner or staff is refused', () => {
  expect(parseCommand(['staff', 'add', '1001', 'cook.li', 'staff'])).toEqual({
    op: 'staff/add',
    body: { shopId: 1001, username: 'cook.li', role: 'staff' },
  });
  expect(() => parseCommand(['staff', 'add', '1001', 'cook.li', 'boss'])).toThrow('the role is owner or staff');
  expect(() => parseCommand(['staff', 'remove', '1001', 'cook.li'])).toThrow('staff add');
});
