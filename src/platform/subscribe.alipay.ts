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
      // declared by the host, but absent on clients older than subscribe messages
      if (typeof host.requestSubscribeMessage !== 'function') {
        resolve({ ok: false, code: ErrorCode.platformUnsupported, detail: 'client too old for subscribe messages' });
        return;
      }
      host.requestSubscribeMessage({
        entityIds,
        // the ids the customer subscribed to in this call are in the answer's `result` (the
        // declarations; a top-level `subscribeEntityIds` is not part of the answer)
        success: (res) => resolve({ ok: true, value: { accepted: res.result?.subscribeEntityIds ?? [] } }),
        fail: (e) => resolve(failure(ErrorCode.platformUnsupported, e)),
      });
    }),
};
