export { RoomChannel, wsUrl, type RoomChange, type RoomChannelOptions, type Timers } from './channel';
export { RoomCart, type EventOutcome } from './room-cart';
export { bindToAppVisibility } from './visibility';
export type { ChannelStatus, OpResult, RoomDiner, RoomLine, SocketFactory, SocketLike } from './types';
