/**
 * The table room's live channel as the app sees it (C§4 "Scan-order live channel", "Cart sync";
 * TABLE-1…5). Frames are the contract's `WsClientMessage` / `WsServerMessage` (src/api/contract/ws.ts).
 */
import type { CartReplyCode } from '../domain/enums';
import type { CartLine } from '../domain/types';

/** A websocket as every platform adapter exposes it (src/platform/socket.*). */
export interface SocketLike {
  send(data: string): void;
  /** Close with a code (1000 when the app is hidden, C§2). */
  close(code?: number, reason?: string): void;
  onOpen(cb: () => void): void;
  onMessage(cb: (data: string) => void): void;
  onClose(cb: (code: number, reason: string) => void): void;
  onError(cb: (error: unknown) => void): void;
}

/** Opens a socket to `url` (ws: or wss:), sending `headers` where the platform can. */
export type SocketFactory = (url: string, headers: Record<string, string>) => SocketLike;

/**
 * idle: never opened; connecting: first connect; open: joined and synced; reconnecting: waiting for
 * the next attempt of the backoff schedule; failed: attempts used up (the Retry dialog); closed: closed
 * by the app (hidden, or the page left).
 */
export type ChannelStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed';

/** Someone at the table. */
export interface RoomDiner {
  openId: string;
  nickname: string;
  avatar: string;
}

/** A room line with the diner who last changed it, as the table page shows it. */
export interface RoomLine extends CartLine {
  by?: RoomDiner;
}

/** The answer to one operation (C§4 reply codes). */
export interface OpResult {
  code: CartReplyCode;
  reason: string;
  latestProduct: CartLine | null;
  version: number;
}
