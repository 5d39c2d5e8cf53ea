import { z } from 'zod';
import {
  CartReplyCode,
  MESSAGE_CENTRE_BASE,
  OPERATION_OF_TYPE,
  RoomIdSchema,
  messageCalls,
} from '../../src/api/contract/message';
import { WsClientMessage, WsServerMessage, wsPath } from '../../src/api/contract/ws';
import { CartOperation } from '../../src/domain/enums';
import { tableRoomId } from '../../src/domain/table';

const room = tableRoomId(1, 3, 501);
const cartLine = {
  id: 11,
  name: 'Beef noodles',
  price: 28,
  quantity: 2,
  flag: '11_3_5x1',
  version: 4,
  specId: 3,
  specName: 'Large',
  tastes: [{ id: 5, name: 'Extra egg', quantity: 1, price: 2, typeId: 9 }],
  tastesName: 'Extra egg',
  typeid: 2,
};
const operate = {
  room,
  message: cartLine,
  nickname: 'Lee',
  avatar: 'https://img.example/a.png',
  type: 'edit' as const,
  operation: CartOperation.Edit,
};
const actor = { openId: 'o-abc', nickname: 'Lee', avatar: '' };

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('message-centre calls', () => {
  it('live under their own base with the consumer paths of C§7', () => {
    expect(MESSAGE_CENTRE_BASE).toBe('/message/');
    expect(messageCalls.cartSync.path).toBe('consumer/cart-sync');
    expect(messageCalls.cartOperate.path).toBe('consumer/cart-operate');
  });

  it('cart-sync accepts a room and an optional line flag', () => {
    expect(ok(messageCalls.cartSync.req, { room })).toBe(true);
    expect(ok(messageCalls.cartSync.req, { room, flag: '11_3_5x1' })).toBe(true);
  });

  it('cart-sync answers the room cart with its version', () => {
    expect(ok(messageCalls.cartSync.res, { products: [cartLine], version: 12 })).toBe(true);
  });

  it('cart-sync refuses a room id that is not table_{shopId}_{tableId}_{orderId}', () => {
    expect(ok(messageCalls.cartSync.req, { room: 'table_1_3' })).toBe(false);
    expect(ok(messageCalls.cartSync.req, { room: 'table_1_3_x' })).toBe(false);
  });

  it('cart-operate accepts an edit with its line', () => {
    expect(ok(messageCalls.cartOperate.req, operate)).toBe(true);
  });

  it('cart-operate accepts a clear without a line', () => {
    expect(ok(messageCalls.cartOperate.req, { ...operate, type: 'clear', operation: CartOperation.Clear, message: null })).toBe(true);
  });

  it('cart-operate refuses a type that disagrees with the operation', () => {
    expect(ok(messageCalls.cartOperate.req, { ...operate, operation: CartOperation.Add })).toBe(false);
  });

  it('cart-operate refuses an add without the line', () => {
    expect(ok(messageCalls.cartOperate.req, { ...operate, type: 'add', operation: CartOperation.Add, message: null })).toBe(false);
  });

  it('cart-operate refuses a line price with five decimal places', () => {
    expect(ok(messageCalls.cartOperate.req, { ...operate, message: { ...cartLine, price: 28.00001 } })).toBe(false);
  });

  it('cart-operate refuses an unknown key', () => {
    expect(ok(messageCalls.cartOperate.req, { ...operate, shopId: 1 })).toBe(false);
  });

  it('cart-operate answers code, reason and the latest line', () => {
    expect(ok(messageCalls.cartOperate.res, { code: CartReplyCode.ok, reason: '', latestProduct: { ...cartLine, version: 5 } })).toBe(true);
    expect(ok(messageCalls.cartOperate.res, { code: CartReplyCode.ProductBusy, reason: 'busy', latestProduct: null })).toBe(true);
  });

  it('cart-operate refuses a reply code outside C§4', () => {
    expect(ok(messageCalls.cartOperate.res, { code: -10006, reason: '', latestProduct: null })).toBe(false);
  });
});

describe('reply codes and operations', () => {
  it('are the codes of C§4', () => {
    expect(Object.values(CartReplyCode).sort((a, b) => a - b)).toEqual([-10005, -10004, -10003, -10002, -10001, 10000]);
  });

  it('map each message type to the cart operation enum', () => {
    expect(OPERATION_OF_TYPE).toEqual({ add: 1, edit: 2, delete: 3, clear: 4, submitted: 5, joined: 6 });
  });

  it('a domain room id satisfies the room schema', () => {
    expect(RoomIdSchema.safeParse(room).success).toBe(true);
    expect(wsPath(room)).toBe('/ws/table_1_3_501');
  });
});

describe('websocket client frames', () => {
  it.each([
    ['join', { type: 'join', nickname: 'Lee', avatar: '' }],
    ['add', { type: 'add', seq: 1, product: cartLine }],
    ['delete', { type: 'delete', seq: 2, product: cartLine }],
    ['clear', { type: 'clear', seq: 3 }],
    ['submitted', { type: 'submitted', seq: 4, orderId: 501 }],
    ['sync', { type: 'sync', seq: 5, flag: '11_3_5x1' }],
    ['ping', { type: 'ping' }],
  ])('accepts %s', (_name, frame) => {
    expect(ok(WsClientMessage, frame)).toBe(true);
  });

  it('refuses an unknown frame type', () => {
    expect(ok(WsClientMessage, { type: 'checkout', seq: 1 })).toBe(false);
  });

  it('refuses an operation without its seq', () => {
    expect(ok(WsClientMessage, { type: 'add', product: cartLine })).toBe(false);
  });

  it('refuses an extra key on a frame', () => {
    expect(ok(WsClientMessage, { type: 'clear', seq: 3, all: true })).toBe(false);
  });

  it('refuses a nickname over 64 characters', () => {
    expect(ok(WsClientMessage, { type: 'join', nickname: 'x'.repeat(65), avatar: '' })).toBe(false);
  });
});

describe('websocket server frames', () => {
  it('accepts a reply carrying a C§4 code', () => {
    expect(ok(WsServerMessage, { type: 'reply', seq: 1, code: CartReplyCode.EditFail, reason: 'edit failed', latestProduct: null, version: 7 })).toBe(true);
  });

  it('refuses a reply with an unknown code', () => {
    expect(ok(WsServerMessage, { type: 'reply', seq: 1, code: 0, reason: '', latestProduct: null, version: 7 })).toBe(false);
  });

  it('accepts an event of someone joining', () => {
    expect(ok(WsServerMessage, { type: 'event', operation: CartOperation.Joined, product: null, by: actor, version: 7 })).toBe(true);
  });

  it('refuses an event with an operation outside 1–6', () => {
    expect(ok(WsServerMessage, { type: 'event', operation: 7, product: null, by: actor, version: 7 })).toBe(false);
  });

  it('accepts a snapshot of the room cart', () => {
    expect(ok(WsServerMessage, { type: 'snapshot', products: [cartLine], version: 7 })).toBe(true);
  });

  it('accepts an error naming a catalogue code', () => {
    expect(ok(WsServerMessage, { type: 'error', code: 'badRequest', info: 'bad frame' })).toBe(true);
    expect(ok(WsServerMessage, { type: 'error', code: 'oops', info: 'bad frame' })).toBe(false);
  });
});
