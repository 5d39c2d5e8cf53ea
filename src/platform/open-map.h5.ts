import Taro from '@tarojs/taro';
import type { GpsPoint } from '@/domain/types';
import { isAbroadEnv } from './env';

/**
 * Shows a place on a map in a browser: the chat app's map when the page runs inside it
 * (Taro.openLocation through its JS bridge), otherwise a map site in a new tab. The shop's stored
 * position is already in the map coordinate system (USER-6).
 */
export function openMap(point: GpsPoint, name: string, address: string): Promise<unknown> {
  return Taro.openLocation({ latitude: point.lat, longitude: point.lng, name, address, scale: 16 }).catch(() => {
    const url = isAbroadEnv()
      ? `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lng}`
      : `https://uri.amap.com/marker?position=${point.lng},${point.lat}&name=${encodeURIComponent(name)}`;
    window.open(url, '_blank', 'noopener');
  });
}
