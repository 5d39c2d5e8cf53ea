import type { AppLifecycle } from '../platform/types';
import type { RoomChannel } from './channel';

/** APP-10: the channel closes with code 1000 when the app is hidden and opens again when shown. */
export function bindToAppVisibility(channel: RoomChannel, lifecycle: AppLifecycle): () => void {
  const offHide = lifecycle.onHide(() => channel.close(1000));
  const offShow = lifecycle.onShow(() => {
    if (channel.status === 'closed') channel.open();
  });
  return () => {
    offHide();
    offShow();
  };
}
