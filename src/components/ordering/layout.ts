/**
 * Windowing of the menu (MENU-8): the product list is flattened into fixed-height rows — one header
 * per category, one row per product — so the rows on screen are found by binary search over their
 * offsets and only they are rendered. 1,000 products cost a few dozen nodes at any scroll position.
 */

/** Row heights in CSS px (inline styles: not scaled by the design-width transform). */
export const HEADER_HEIGHT = 36;
export const ROW_HEIGHT = 108;
/** Rows rendered beyond each edge of the viewport (two product rows: the first paint stays small). */
export const OVERSCAN_PX = 216;

export type MenuRow =
  | { kind: 'header'; key: string; categoryId: number; name: string; top: number; height: number }
  | { kind: 'product'; key: string; categoryId: number; productId: number; top: number; height: number };

export interface MenuLayout {
  rows: MenuRow[];
  /** Offset of each category's header, by category id. */
  categoryTop: Map<number, number>;
  totalHeight: number;
}

/** Lays out categories and their product ids as rows with offsets. */
export function layoutMenu(categories: ReadonlyArray<{ id: number; name: string; productIds: readonly number[] }>): MenuLayout {
  const rows: MenuRow[] = [];
  const categoryTop = new Map<number, number>();
  let top = 0;
  for (const c of categories) {
    if (c.productIds.length === 0) continue;
    categoryTop.set(c.id, top);
    rows.push({ kind: 'header', key: `h${c.id}`, categoryId: c.id, name: c.name, top, height: HEADER_HEIGHT });
    top += HEADER_HEIGHT;
    for (const id of c.productIds) {
      rows.push({ kind: 'product', key: `p${c.id}-${id}`, categoryId: c.id, productId: id, top, height: ROW_HEIGHT });
      top += ROW_HEIGHT;
    }
  }
  return { rows, categoryTop, totalHeight: top };
}

/** Index of the last row starting at or above `offset` (0 when none). */
export function rowIndexAt(rows: readonly MenuRow[], offset: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].top <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The rows to render for a scroll position and viewport height, with `overscan` px beyond each edge. */
export function visibleRows(
  layout: MenuLayout,
  scrollTop: number,
  viewport: number,
  overscan: number = OVERSCAN_PX,
): { rows: MenuRow[]; first: MenuRow | null } {
  if (layout.rows.length === 0) return { rows: [], first: null };
  const start = rowIndexAt(layout.rows, Math.max(0, scrollTop - overscan));
  const end = rowIndexAt(layout.rows, scrollTop + viewport + overscan);
  return { rows: layout.rows.slice(start, end + 1), first: layout.rows[rowIndexAt(layout.rows, scrollTop)] };
}
