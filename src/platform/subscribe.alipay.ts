import { ErrorCode } from '../domain/errors';
import { alipayHost } from './alipay-host';
import { firstTemplates } from './subscribe-templates';
import { failure } from './taro-result';
import type { PlatformResult, SubscribeAdapter } from './types';

/** Payment-app subscribe messages (`my.requestSubscribeMessage`, entity ids), first 3 only (C§9). */
export const subscribe: SubscribeAdapter = {
  supported: true,
  requestSubscribe: (templateIds) =>
    new Promise<PlatformResult<{ accepted: string[] }>>((resolve) => {
      const entityIds = firstTemplates(templateIds);
      const host = alipayHost();
      if (entityIds.length === 0) {
        resolve({ ok: true, value: { accepted: [] } });
        return;
      }
      if (!host.requestSubscribeMessage) {
        resolve({ ok: false, code: ErrorCode.platformUnsupported, detail: 'client too old for subscribe messages' });
        return;
      }
      host.requestSubscribeMessage({
        entityIds,
        success: (res) => {
          const accepted = Array.isArray(res.subscribeEntityIds) ? (res.subscribeEntityIds as string[]) : [];
          resolve({ ok: true, value: { accepted } });
        },
        fail: (e) => resolve(failure(ErrorCode.platformUnsupported, e)),
      });
    }),
};
