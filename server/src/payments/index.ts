import { PayType } from '../../../src/domain/enums';
import { perServer } from '../context';
import { SandboxProvider } from './sandbox';
import { PaySigner } from './sign';
import type { OnlineProvider, PaymentProvider } from './types';

export type { OnlineProvider, PaymentProvider, ProviderState } from './types';
export { PaySigner } from './sign';

/** The providers of one server: cash, member card, and the sandbox online providers (ORDER-7). */
export interface Payments {
  signer: PaySigner;
  providers: Record<PayType, PaymentProvider>;
  online(payType: PayType): OnlineProvider | null;
}

/** The server's payment providers (one set per server). */
export const paymentsOf = perServer((ctx): Payments => {
  const signer = new PaySigner();
  const now = () => ctx.clock.now();
  const sandbox = (
    t: typeof PayType.weixin | typeof PayType.alipay | typeof PayType.stripe | typeof PayType.allinpay,
  ) => new SandboxProvider(t, ctx.db, signer, ctx.config.publicUrl, now);
  const providers: Record<PayType, PaymentProvider> = {
    cash: { kind: 'counter', payType: PayType.cash },
    vip: { kind: 'balance', payType: PayType.vip },
    weixin: sandbox(PayType.weixin),
    alipay: sandbox(PayType.alipay),
    stripe: sandbox(PayType.stripe),
    allinpay: sandbox(PayType.allinpay),
  };
  return {
    signer,
    providers,
    online(payType: PayType) {
      const p = providers[payType];
      return p.kind === 'online' ? p : null;
    },
  };
});
