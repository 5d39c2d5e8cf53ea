/** The table room's websocket (TABLE-1). Taro resolves `./socket` per build; tsc and jest see the h5 one. */
export { openSocket } from './socket.h5';
