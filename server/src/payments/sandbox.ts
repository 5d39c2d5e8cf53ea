import { eq } from 'drizzle-orm';
import { PayType } from '../../../src/domain/enums';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { PaySigner } from './sign';
import type { OnlineProvider, ProviderPayRequest, ProviderState } from './types';

type WalletType = typeof PayType.weixin | typeof PayType.alipay;
type PageType = typeof PayType.stripe | typeof PayType.allinpay;

/** The page path of a provider sandbox (the server serves it: routes/pay.ts). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay/';

/** The ticket that lets the sandbox page (or wallet) complete one trade. */
export const sandboxTicket = (signer: PaySigner, tradeNo: string, amount: number): string =>
  signer.sign({ tradeNo, amount });

/**
 * A sandbox provider: it keeps its side of each trade in `payments.provider_state` and pays when
 * the sandbox page (stripe-pay, allin-pay) or the sandbox wallet completes the trade
 * (pay/sandbox/complete), which then posts the signed callback.
 */
export class SandboxProvider implements OnlineProvider {
  readonly kind = 'online' as const;

  constructor(
    readonly payType: WalletType | PageType,
    private readonly db: Db,
    private readonly signer: PaySigner,
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {}

  start(req: ProviderPayRequest) {
    const ticket = sandboxTicket(this.signer, req.tradeNo, req.amount);
    if (this.payType === PayType.alipay) {
      // my.tradePay takes the trade number; paySign is the ticket the sandbox wallet hands back
      return {
        kind: 'wallet' as const,
        provider: this.payType,
        tradeNo: req.tradeNo,
        amount: req.amount,
        params: { tradeNO: req.tradeNo, paySign: ticket },
      };
    }
    if (this.payType === PayType.weixin) {
      const timeStamp = String(Math.floor(this.now() / 1000));
      const nonceStr = ticket.slice(0, 32);
      const pkg = `prepay_id=${req.tradeNo}`;
      return {
        kind: 'wallet' as const,
        provider: this.payType,
        tradeNo: req.tradeNo,
        amount: req.amount,
        // paySign is the ticket: the sandbox wallet hands it back to pay/sandbox/complete
        params: { timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign: ticket },
      };
    }
    const q = new URLSearchParams({
      tradeNo: req.tradeNo,
      orderNo: req.orderNo,
      amount: String(req.amount),
      ticket,
    });
    if (req.returnUrl) q.set('returnUrl', req.returnUrl);
    const page = this.payType === PayType.stripe ? 'stripe-pay' : 'allin-pay';
    return {
      kind: 'redirect' as const,
      provider: this.payType,
      tradeNo: req.tradeNo,
      amount: req.amount,
      url: `${this.publicUrl}${SANDBOX_PAGE_PATH}${page}?${q.toString()}`,
    };
  }

  async query(tradeNo: string): Promise<ProviderState | null> {
    const rows = await this.db
      .select({ s: payments.providerState })
      .from(payments)
      .where(eq(payments.tradeNo, tradeNo))
      .limit(1);
    return (rows[0]?.s as ProviderState | undefined) ?? null;
  }

  async refund(tradeNo: string): Promise<'refunded' | 'failed'> {
    const rows = await this.db
      .update(payments)
      .set({ providerState: 'refunded' })
      .where(eq(payments.tradeNo, tradeNo))
      .returning({ id: payments.id });
    return rows.length > 0 ? 'refunded' : 'failed';
  }
}
