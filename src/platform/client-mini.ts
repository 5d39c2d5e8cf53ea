import Taro from '@tarojs/taro';
import type { Platform as PlatformName } from '../domain/enums';
import { deviceId } from './device-id';
import { miniProgramLaunchQuery } from './launch-query';
import type { ClientInfo } from './types';

/** Client info of a mini program host (weapp or alipay). */
export function miniProgramClient(name: PlatformName): ClientInfo {
  let userAgent: string = name;
  try {
    // getDeviceInfo (chat app) / getDeviceBaseInfo (payment app) replace the deprecated
    // getSystemInfoSync; the oldest base libraries have only the latter
    type DeviceInfo = { platform?: string; system?: string; model?: string };
    const host = Taro as unknown as { getDeviceInfo?: () => DeviceInfo; getDeviceBaseInfo?: () => DeviceInfo };
    const read = host.getDeviceInfo ?? host.getDeviceBaseInfo;
    const info: DeviceInfo = typeof read === 'function' ? read() : Taro.getSystemInfoSync();
    userAgent = `${name} ${info.platform} ${info.system} ${info.model}`;
  } catch {
    // some hosts refuse system info before launch completes; the platform name suffices
  }
  return {
    name,
    userAgent,
    deviceId: deviceId(),
    launchQuery: () => {
      try {
        return miniProgramLaunchQuery((Taro.getLaunchOptionsSync().query ?? {}) as Record<string, string | undefined>);
      } catch {
        return {};
      }
    },
  };
}
