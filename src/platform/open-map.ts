import Taro from '@tarojs/taro';
import type { GpsPoint } from '@/domain/types';

/**
 * Shows a place on the host's map (Taro.openLocation). The shop's stored position is already in the
 * map coordinate system (USER-6). The browser build resolves open-map.h5.ts.
 */
export function openMap(point: GpsPoint, name: string, address: string): Promise<unknown> {
  return Taro.openLocation({ latitude: point.lat, longitude: point.lng, name, address, scale: 16 });
}
