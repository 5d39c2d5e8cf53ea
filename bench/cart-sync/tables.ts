/** The cart-sync bench's tables: one room each, beside the demo's own tables. */
import { Client } from 'pg';
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
    return {
      id,
      shopId: SHOP.restaurant,
      areaId: AREA.hall,
      name: sName,
      maxPerson,
      tableStatus: 1,
      eachFee: '10',
      feeType: 0,
      code: benchTableCode(id),
      data,
    };
  });
}

/** Inserts the bench's tables, with their codes, into the database at `url` (after the first node seeded it). */
export async function insertBenchTables(url: string, rooms: number, perRoom: number): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const rows = benchTables(rooms, perRoom);
    await client.query(
      `INSERT INTO tables (id, shop_id, area_id, name, max_person, table_status, each_fee, fee_type, data, code)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::numeric[], $8::int[], $9::jsonb[], $10::text[])`,
      [
        rows.map((t) => t.id),
        rows.map((t) => t.shopId),
        rows.map((t) => t.areaId),
        rows.map((t) => t.name),
        rows.map((t) => t.maxPerson),
        rows.map((t) => t.tableStatus),
        rows.map((t) => t.eachFee),
        rows.map((t) => t.feeType),
        rows.map((t) => JSON.stringify(t.data)),
        // the bench's fixed codes (TABLE-7), so each diner can scan its table's
        rows.map((t) => t.code),
      ],
    );
  } finally {
    await client.end();
  }
}

/** The ids of the orders placed at `shopId` (the rolling restart's order stream: the only ones there). */
export async function placedOrderIds(url: string, shopId: number): Promise<number[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ id: number }>('SELECT id FROM orders WHERE shop_id = $1 ORDER BY id', [
      shopId,
    ]);
    return r.rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}
