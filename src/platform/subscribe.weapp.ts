import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { firstTemplates } from './subscribe-templates';
import { failure } from './taro-result';
import type { SubscribeAdapter } from './types';

/** Taro hands this call to `wx` unchanged; typed by the chat app's declarations (tsconfig.weapp.json). */
const host = Taro as unknown as Pick<WechatMiniprogram.Wx, 'requestSubscribeMessage'>;

/** Chat-app subscribe messages: the shop's messageTmplIds, first 3 only (C§9). */
export const subscribe: SubscribeAdapter = {
  supported: true,
  async requestSubscribe(templateIds) {
    const tmplIds = firstTemplates(templateIds);
    if (tmplIds.length === 0) return { ok: true, value: { accepted: [] } };
    try {
      const res: WechatMiniprogram.RequestSubscribeMessageSuccessCallbackResult = await host.requestSubscribeMessage({ tmplIds });
      return { ok: true, value: { accepted: tmplIds.filter((id) => res[id] === 'accept') } };
    } catch (e) {
      return failure(ErrorCode.platformUnsupported, e);
    }
  },
};
