/** The cart-sync bench's tables: one room each, beside the demo's own tables. */
import { AREA, SHOP } from '../../server/src/demo/ids';

/** Ids of the bench's tables (the demo's are 5001…5014). */
export const FIRST_TABLE_ID = 90_001;

/** A bench table's code (TABLE-7): fixed, so each diner of the bench can scan it. */
export const benchTableCode = (id: number): string => `bench-table-${id}`;

/** The bench's tables, shaped as the demo seed stores its hall tables. */
export function benchTables(count: number, maxPerson: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = FIRST_TABLE_ID + i;
    const sName = `B${String(i + 1).padStart(3, '0')}`;
    const data = {
      id,
      sName,
      nAreaID: AREA.hall,
      areaName: '大厅',
      areaNameEn: 'Hall',
      nMaxPerson: maxPerson,
      nStatus: 0,
      nTableStatus: 1,
      fEachFee: 10,
      nFeeType: 0,
    };
    return { id, shopId: SHOP.restaurant, areaId: AREA.hall, name: sName, maxPerson, tableStatus: 1, eachFee: '10', feeType: 0, code: benchTableCode(id), data };
  });
}
