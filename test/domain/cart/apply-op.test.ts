import { applyCartOp, putLine, rollbackCartOp } from '../../../src/domain/cart';
import { CartReplyCode } from '../../../src/domain/enums';
import type { CartLine } from '../../../src/domain/types';

const line = (flag: string, quantity: number, version?: number): CartLine => ({
  id: Number(flag.split('_')[0]),
  name: `P${flag}`,
  price: 10,
  quantity,
  flag,
  typeid: 1,
  ...(version === undefined ? {} : { version }),
});

describe('applyCartOp on a versioned room cart', () => {
  const opts = { versioned: true };

  it('adds a new line at version 1 and merges a second add of the same flag into it (version 2)', () => {
    const first = applyCartOp([], { type: 'add', line: line('1_0__', 2) }, opts);
    expect(first).toEqual({ ok: true, lines: [line('1_0__', 2, 1)], latest: line('1_0__', 2, 1) });
    if (!first.ok) throw new Error('refused');
    const second = applyCartOp(first.lines, { type: 'add', line: line('1_0__', 3) }, opts);
    // 2 + 3 units on one line; its version rises from 1 to 2
    expect(second).toEqual({ ok: true, lines: [line('1_0__', 5, 2)], latest: line('1_0__', 5, 2) });
  });

  it('edits the quantity when the edit names the current version, and refuses an older version as ProductBusy with the latest line', () => {
    const cart = [line('1_0__', 2, 3), line('2_0__', 1, 1)];
    const ok = applyCartOp(cart, { type: 'edit', line: line('1_0__', 4, 3) }, opts);
    expect(ok).toEqual({ ok: true, lines: [line('1_0__', 4, 4), line('2_0__', 1, 1)], latest: line('1_0__', 4, 4) });
    const stale = applyCartOp(cart, { type: 'edit', line: line('1_0__', 9, 2) }, opts);
    expect(stale).toEqual({ ok: false, code: CartReplyCode.ProductBusy, latest: line('1_0__', 2, 3) });
  });

  it('two diners editing the same version: the first wins, the second is busy and sees the winner', () => {
    const cart = [line('1_0__', 1, 1)];
    const a = applyCartOp(cart, { type: 'edit', line: line('1_0__', 3, 1) }, opts);
    if (!a.ok) throw new Error('first edit refused');
    const b = applyCartOp(a.lines, { type: 'edit', line: line('1_0__', 7, 1) }, opts);
    expect(b).toEqual({ ok: false, code: CartReplyCode.ProductBusy, latest: line('1_0__', 3, 2) });
  });

  it('an edit to 0 and a delete remove the line; a missing line is ProductNotFound', () => {
    const cart = [line('1_0__', 2, 1)];
    expect(applyCartOp(cart, { type: 'edit', line: line('1_0__', 0, 1) }, opts)).toEqual({ ok: true, lines: [], latest: null });
    expect(applyCartOp(cart, { type: 'delete', line: { flag: '1_0__', version: 1 } }, opts)).toEqual({ ok: true, lines: [], latest: null });
    expect(applyCartOp(cart, { type: 'delete', line: { flag: '9_0__', version: 1 } }, opts)).toEqual({
      ok: false,
      code: CartReplyCode.ProductNotFound,
      latest: null,
    });
  });

  it('refuses bad quantities and an edit without a version as ParamsError, changing nothing', () => {
    const cart = [line('1_0__', 2, 1)];
    for (const q of [0, -1, 1.5, Number.NaN, 100000]) {
      expect(applyCartOp(cart, { type: 'add', line: line('1_0__', q) }, opts)).toMatchObject({ ok: false, code: CartReplyCode.ParamsError });
    }
    expect(applyCartOp(cart, { type: 'edit', line: line('1_0__', 3) }, opts)).toMatchObject({ ok: false, code: CartReplyCode.ParamsError });
    expect(applyCartOp(cart, { type: 'add', line: { ...line('1_0__', 1), flag: '' } }, opts)).toMatchObject({ ok: false, code: CartReplyCode.ParamsError });
    expect(cart).toEqual([line('1_0__', 2, 1)]);
  });

  it('clear empties the cart; a full cart refuses a new line', () => {
    expect(applyCartOp([line('1_0__', 2, 1)], { type: 'clear' }, opts)).toEqual({ ok: true, lines: [], latest: null });
    const full = [line('1_0__', 1, 1), line('2_0__', 1, 1)];
    expect(applyCartOp(full, { type: 'add', line: line('3_0__', 1) }, { versioned: true, maxLines: 2 })).toMatchObject({
      ok: false,
      code: CartReplyCode.EditFail,
    });
  });
});

describe('applyCartOp on a local cart (no versions)', () => {
  it('edits without version checks and keeps lines unversioned', () => {
    const r = applyCartOp([line('1_0__', 2)], { type: 'edit', line: line('1_0__', 5) });
    expect(r).toEqual({ ok: true, lines: [line('1_0__', 5)], latest: line('1_0__', 5) });
  });
});

describe('rollbackCartOp (C§4: add removes the product, edit reverts the quantity)', () => {
  it('an add of a new line is taken out; an add merged into an existing line gives back only its units', () => {
    expect(rollbackCartOp([line('1_0__', 2, 1)], { type: 'add', line: line('1_0__', 2) }, null)).toEqual([]);
    expect(rollbackCartOp([line('1_0__', 5, 2)], { type: 'add', line: line('1_0__', 3) }, line('1_0__', 2, 1))).toEqual([
      line('1_0__', 2, 2),
    ]);
  });

  it('an edit reverts to the line before it; a delete puts the line back', () => {
    expect(rollbackCartOp([line('1_0__', 9, 1)], { type: 'edit', line: line('1_0__', 9, 1) }, line('1_0__', 2, 1))).toEqual([
      line('1_0__', 2, 1),
    ]);
    expect(rollbackCartOp([], { type: 'delete', line: { flag: '1_0__' } }, line('1_0__', 2, 1))).toEqual([line('1_0__', 2, 1)]);
  });

  it('putLine replaces, appends or removes a line by flag', () => {
    const cart = [line('1_0__', 1, 1)];
    expect(putLine(cart, '1_0__', line('1_0__', 4, 2))).toEqual([line('1_0__', 4, 2)]);
    expect(putLine(cart, '2_0__', line('2_0__', 1, 1))).toEqual([line('1_0__', 1, 1), line('2_0__', 1, 1)]);
    expect(putLine(cart, '1_0__', null)).toEqual([]);
  });
});
