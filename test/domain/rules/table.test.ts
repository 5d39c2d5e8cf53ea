import { ErrorCode } from '@/domain/errors';
import { parseTableRoomId, routeTable, tableRoomId } from '@/domain/table';

describe('table routing by nStatus', () => {
  it('sends a free table (0) to the table page with status 0', () => {
    expect(routeTable({ tableInfo: { id: 7, nStatus: 0 }, userOrders: [], allTableOrders: [] })).toEqual({
      kind: 'tablePage',
      tableId: 7,
      status: 0,
    });
  });

  it('opens the first order of an occupied table (1) on the product tab', () => {
    expect(
      routeTable({ tableInfo: { id: 7, nStatus: 1 }, userOrders: [], allTableOrders: [{ id: 31 }, { id: 32 }] }),
    ).toEqual({ kind: 'productTab', tableId: 7, orderId: 31 });
  });

  it('sends the customer with an own order on a multi-order table (2) to that order', () => {
    expect(
      routeTable({ tableInfo: { id: 7, nStatus: 2 }, userOrders: [{ id: 32 }], allTableOrders: [{ id: 31 }, { id: 32 }] }),
    ).toEqual({ kind: 'productTab', tableId: 7, orderId: 32 });
  });

  it('sends a stranger to a multi-order table (2) to the table page with status 1 and the pick-one message', () => {
    expect(routeTable({ tableInfo: { id: 7, nStatus: 2 }, userOrders: [], allTableOrders: [{ id: 31 }, { id: 32 }] })).toEqual({
      kind: 'tablePage',
      tableId: 7,
      status: 1,
      message: ErrorCode.pickOneOfSeveralOrders,
    });
  });

  it('starts afresh on an occupied table whose order is missing from the answer', () => {
    expect(routeTable({ tableInfo: { id: 7, nStatus: 1 }, userOrders: [], allTableOrders: [] })).toEqual({
      kind: 'tablePage',
      tableId: 7,
      status: 0,
    });
  });
});

describe('table room id', () => {
  it('is table_{shopId}_{tableId}_{orderId}', () => {
    expect(tableRoomId(12, 7, 31)).toBe('table_12_7_31');
  });

  it('reads back the ids of a room', () => {
    expect(parseTableRoomId('table_12_7_31')).toEqual({ shopId: '12', tableId: '7', orderId: '31' });
  });

  it('rejects a text that is not a room id', () => {
    expect(parseTableRoomId('room_12_7')).toBeNull();
  });
});
