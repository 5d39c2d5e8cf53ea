import Taro from '@tarojs/taro';
import type { Platform as PlatformName } from '../domain/enums';
import { deviceId } from './device-id';
import { miniProgramLaunchQuery } from './launch-query';
import type { ClientInfo } from './types';

/** Client info of a mini program host (weapp or alipay). */
export function miniProgramClient(name: PlatformName): ClientInfo {
  let userAgent: string = name;
  try {
    const info = Taro.getSystemInfoSync();
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
