import type { AppLifecycle } from '../platform/types';
import type { ChannelStatus } from './types';

/** A live channel that the app's visibility opens and closes (the table room, the order channel). */
export interface VisibleChannel {
  readonly status: ChannelStatus;
  open(): void;
  close(code?: number): void;
}

/**
 * APP-10: the channel closes with code 1000 when the app is hidden and opens again when shown (a
 * channel whose attempts ran out while the app was visible is closed by the hide as well, so the next
 * show starts a fresh run).
 */
export function bindToAppVisibility(channel: VisibleChannel, lifecycle: AppLifecycle): () => void {
  const offHide = lifecycle.onHide(() => channel.close(1000));
  const offShow = lifecycle.onShow(() => {
    if (channel.status === 'closed') channel.open();
  });
  return () => {
    offHide();
    offShow();
  };
}
