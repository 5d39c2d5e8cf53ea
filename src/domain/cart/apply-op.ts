/**
 * One cart operation (C§3 cart operation enum, C§4 "Cart sync"): add, edit, delete or clear applied to
 * a list of cart lines. The app's own cart, the table room on the server and the client's optimistic
 * copy of a room all go through this one function, so a line means the same thing everywhere.
 *
 * Lines are identified by `flag` (product, spec, tastes and meal-set choices). In a versioned cart
 * (a table room) every line carries `version`, which rises by one with each change of that line: an
 * edit or delete naming an older version than the cart holds is refused as ProductBusy (-10002) with
 * the line as it is now, so two diners editing one line at once cannot both win.
 */
import { CartReplyCode } from '../enums';
import type { CartLine } from '../types';

export type CartOp =
  /** Put `line.quantity` units of the line into the cart (merged into the line with the same flag). */
  | { type: 'add'; line: CartLine }
  /** Set the line's quantity to `line.quantity` (0 removes it); `line.version` is the version edited. */
  | { type: 'edit'; line: CartLine }
  /** Remove the line; `line.version` is the version removed. */
  | { type: 'delete'; line: Pick<CartLine, 'flag'> & Partial<CartLine> }
  | { type: 'clear' };

export type CartOpResult =
  | { ok: true; lines: CartLine[]; latest: CartLine | null }
  | { ok: false; code: CartReplyCode; latest: CartLine | null };

export interface CartOpOptions {
  /** Check and bump line versions (the table room). Off for a cart only one device edits. */
  versioned?: boolean;
  /** Most lines a cart may hold (C§3 cart; the contract's bound). */
  maxLines?: number;
}

const MAX_QUANTITY = 99999;

const refuse = (code: CartReplyCode, latest: CartLine | null = null): CartOpResult => ({ ok: false, code, latest });

const validQuantity = (q: number): boolean => Number.isInteger(q) && q >= 0 && q <= MAX_QUANTITY;

/** Applies `op` to `lines` without changing them: the new lines and the line as it now is, or the reply code refusing it. */
export function applyCartOp(lines: readonly CartLine[], op: CartOp, options: CartOpOptions = {}): CartOpResult {
  const versioned = options.versioned === true;
  const maxLines = options.maxLines ?? 500;
  if (op.type === 'clear') return { ok: true, lines: [], latest: null };

  const flag = op.line.flag;
  if (typeof flag !== 'string' || flag.length === 0) return refuse(CartReplyCode.ParamsError);
  const index = lines.findIndex((l) => l.flag === flag);
  const current = index >= 0 ? lines[index] : null;

  if (op.type === 'add') {
    const adding = op.line.quantity;
    if (!validQuantity(adding) || adding === 0) return refuse(CartReplyCode.ParamsError, current);
    if (!current) {
      if (lines.length >= maxLines) return refuse(CartReplyCode.EditFail, null);
      const added: CartLine = { ...op.line, quantity: adding };
      if (versioned) added.version = 1;
      return { ok: true, lines: [...lines, added], latest: added };
    }
    const quantity = current.quantity + adding;
    if (quantity > MAX_QUANTITY) return refuse(CartReplyCode.EditFail, current);
    const merged: CartLine = { ...current, quantity };
    if (versioned) merged.version = (current.version ?? 0) + 1;
    return { ok: true, lines: replaceAt(lines, index, merged), latest: merged };
  }

  if (!current) return refuse(CartReplyCode.ProductNotFound, null);
  if (versioned && op.line.version !== undefined && op.line.version !== (current.version ?? 0)) {
    return refuse(CartReplyCode.ProductBusy, current);
  }
  if (versioned && op.line.version === undefined) return refuse(CartReplyCode.ParamsError, current);

  if (op.type === 'delete' || op.line.quantity === 0) {
    return { ok: true, lines: lines.filter((_, i) => i !== index), latest: null };
  }
  if (!validQuantity(op.line.quantity)) return refuse(CartReplyCode.ParamsError, current);
  const edited: CartLine = { ...current, quantity: op.line.quantity };
  if (versioned) edited.version = (current.version ?? 0) + 1;
  return { ok: true, lines: replaceAt(lines, index, edited), latest: edited };
}

function replaceAt(lines: readonly CartLine[], index: number, line: CartLine): CartLine[] {
  const next = lines.slice();
  next[index] = line;
  return next;
}

/**
 * The undo of an operation the server refused (C§4 "Cart sync", any code but 10000 and -10002): an add
 * takes its units back out (the line goes when none are left), an edit puts the quantity back, a
 * delete puts the line back. A clear is undone by a resync instead, so it is not handled here.
 */
export function rollbackCartOp(lines: readonly CartLine[], op: Exclude<CartOp, { type: 'clear' }>, before: CartLine | null): CartLine[] {
  const flag = op.line.flag;
  const index = lines.findIndex((l) => l.flag === flag);
  if (op.type === 'add') {
    if (index < 0) return lines.slice();
    const left = lines[index].quantity - op.line.quantity;
    if (left <= 0 || !before) return lines.filter((_, i) => i !== index);
    return replaceAt(lines, index, { ...lines[index], quantity: left });
  }
  if (!before) return index < 0 ? lines.slice() : lines.filter((_, i) => i !== index);
  if (index < 0) return [...lines, before];
  return replaceAt(lines, index, before);
}

/** Replaces (or adds, or with `line` null removes) the line with this flag: how a room's answer or another diner's change lands. */
export function putLine(lines: readonly CartLine[], flag: string, line: CartLine | null): CartLine[] {
  const index = lines.findIndex((l) => l.flag === flag);
  if (!line) return index < 0 ? lines.slice() : lines.filter((_, i) => i !== index);
  if (index < 0) return [...lines, line];
  return replaceAt(lines, index, line);
}
