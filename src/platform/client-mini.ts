import Taro from '@tarojs/taro';
import type { Platform as PlatformName } from '../domain/enums';
import { deviceId } from './device-id';
import { miniProgramLaunchQuery } from './launch-query';
import type { ClientInfo } from './types';

/** The device fields the user agent names; each host's client file reads them with its own calls. */
export interface DeviceFields {
  platform?: string;
  system?: string;
  model?: string;
}

/** Client info of a mini program host (weapp or alipay); `device` reads the host's device info. */
export function miniProgramClient(name: PlatformName, device: () => DeviceFields): ClientInfo {
  let userAgent: string = name;
  try {
    const info = device();
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
