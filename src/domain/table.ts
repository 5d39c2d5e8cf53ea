/**
 * Table rules of the scan-order flow (C§4 "Table state", "Scan-order live channel"; ORDER-4, TABLE-1):
 * where a scanned table sends the customer, and the id of the table's shared-cart room.
 */
import { TableStatus } from './enums';
import { ErrorCode } from './errors';

type Id = number | string;

/** The parts of a getTableInfo answer (C§7 table/getTableInfo) the routing reads. */
export interface TableRoutingInput {
  tableInfo: { id: Id; nStatus: number };
  /** The customer's own open orders on this table. */
  userOrders: ReadonlyArray<{ id: Id }>;
  /** Every open order on this table, oldest first. */
  allTableOrders: ReadonlyArray<{ id: Id }>;
}

/** Where to go after scanning a table. */
export type TableRoute =
  | { kind: 'tablePage'; tableId: Id; status: 0 | 1; message?: ErrorCode }
  | { kind: 'productTab'; tableId: Id; orderId: Id };

/**
 * C§4 nStatus routing: 0 free → table page with status 0; 1 occupied → the table's first order on the
 * product tab; 2 several orders → the customer's own order on the product tab, otherwise the table page
 * with status 1 and the message asking to pick one of the orders.
 */
export function routeTable(input: TableRoutingInput): TableRoute {
  const tableId = input.tableInfo.id;
  switch (input.tableInfo.nStatus) {
    case TableStatus.occupied: {
      const first = input.allTableOrders[0] ?? input.userOrders[0];
      // an occupied table whose order the answer does not carry can only be opened afresh
      return first ? { kind: 'productTab', tableId, orderId: first.id } : { kind: 'tablePage', tableId, status: 0 };
    }
    case TableStatus.multiple: {
      const own = input.userOrders[0];
      if (own) return { kind: 'productTab', tableId, orderId: own.id };
      return { kind: 'tablePage', tableId, status: 1, message: ErrorCode.pickOneOfSeveralOrders };
    }
    default:
      // TableStatus.free, and any status the app does not know, start from the free table page
      return { kind: 'tablePage', tableId, status: 0 };
  }
}

/** The shared-cart room of a table order: `table_{shopId}_{tableId}_{orderId}` (C§4). */
export function tableRoomId(shopId: Id, tableId: Id, orderId: Id): string {
  return `table_${shopId}_${tableId}_${orderId}`;
}

/** The inverse of `tableRoomId`, or null when the text is not a room id. */
export function parseTableRoomId(roomId: string): { shopId: string; tableId: string; orderId: string } | null {
  const m = /^table_([^_]+)_([^_]+)_([^_]+)$/.exec(roomId);
  return m ? { shopId: m[1], tableId: m[2], orderId: m[3] } : null;
}
