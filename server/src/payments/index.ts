import { PayType } from '../../../src/domain/enums';
import { perServer, type ServerContext } from '../context';
import { AlipayProvider } from './alipay';
import { SandboxProvider } from './sandbox';
import type { OnlineProvider, PaymentProvider, ProviderName } from './types';
import { WechatPayProvider } from './wechatpay';

export type { OnlineProvider, PaymentProvider, ProviderName, ProviderState } from './types';

/**
 * The providers of one server (ORDER-7): cash and the member card always; online pay types only when
 * a provider serves them — the chat-app wallet by WeChat Pay, the payment-app wallet by Alipay, and
 * each of the four by the sandbox when PAYMENTS includes it (a configured real provider wins over the
 * sandbox). Card and all-in-one have no real adapter: outside sandbox mode they are not offered.
 */
export interface Payments {
  /** The pay types a customer can use on this server. */
  available: readonly PayType[];
  /** The provider of a pay type, null when none serves it. */
  online(payType: PayType | string): OnlineProvider | null;
  /** A provider by name (its notification route), null when not running. */
  byName(name: string): OnlineProvider | null;
  /** The sandbox provider, when PAYMENTS includes it. */
  sandbox: SandboxProvider | null;
  /** Where a provider posts its notifications. */
  notifyUrl(name: ProviderName): string;
}

const counter: PaymentProvider = { kind: 'counter', payType: PayType.cash };
const balance: PaymentProvider = { kind: 'balance', payType: PayType.vip };

/** The server's payment providers (one set per server). */
export const paymentsOf = perServer((ctx: ServerContext): Payments => {
  const cfg = ctx.config.payments;
  const now = () => ctx.clock.now();
  const sandbox = cfg.providers.includes('sandbox') ? new SandboxProvider(ctx) : null;
  const wechatpay = cfg.wechatpay ? new WechatPayProvider(cfg.wechatpay, { now }) : null;
  const alipay = cfg.alipay ? new AlipayProvider(cfg.alipay, { now }) : null;
  const online: Partial<Record<PayType, OnlineProvider>> = {};
  if (sandbox) for (const t of [PayType.weixin, PayType.alipay, PayType.stripe, PayType.allinpay]) online[t] = sandbox.as(t);
  if (wechatpay) online[PayType.weixin] = wechatpay;
  if (alipay) online[PayType.alipay] = alipay;
  const named: Partial<Record<ProviderName, OnlineProvider>> = {};
  if (sandbox) named.sandbox = sandbox.as(PayType.weixin);
  if (wechatpay) named.wechatpay = wechatpay;
  if (alipay) named.alipay = alipay;
  const providers: Partial<Record<PayType, PaymentProvider>> = { cash: counter, vip: balance, ...online };
  return {
    available: (Object.keys(providers) as PayType[]).filter((t) => providers[t]),
    online: (payType) => online[payType as PayType] ?? null,
    byName: (name) => named[name as ProviderName] ?? null,
    sandbox,
    notifyUrl: (name) => `${cfg.notifyBaseUrl}/pay/notify/${name}`,
  };
});
