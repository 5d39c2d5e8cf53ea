export { RoomChannel, wsUrl, type RoomChange, type RoomChannelOptions, type Timers } from './channel';
export { RoomCart, type EventOutcome } from './room-cart';
export { bindToAppVisibility, type VisibleChannel } from './visibility';
export {
  OrderChannel,
  ORDERS_WS_PATH,
  ORDERS_WS_UNAUTHORIZED,
  ordersWsUrl,
  readOrderFrame,
  type OrderChannelEvent,
  type OrderChannelOptions,
  type OrderFrame,
} from './order-channel';
export type { ChannelStatus, OpResult, RoomDiner, RoomLine, SocketFactory, SocketLike } from './types';
