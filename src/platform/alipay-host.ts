/**
 * The few payment-app (`my.*`) calls Taro does not wrap the way the adapters need. Read from
 * globalThis so the file compiles everywhere; only the alipay build calls it.
 */
export interface AlipayHost {
  getAuthCode(options: {
    scopes: string | string[];
    success: (res: { authCode: string }) => void;
    fail: (e: unknown) => void;
  }): void;
  tradePay(options: {
    tradeNO: string;
    success: (res: { resultCode: string }) => void;
    fail: (e: unknown) => void;
  }): void;
  getPhoneNumber(options: { success: (res: { response: string }) => void; fail: (e: unknown) => void }): void;
  requestSubscribeMessage?(options: {
    entityIds: string[];
    success: (res: Record<string, unknown>) => void;
    fail: (e: unknown) => void;
  }): void;
}

export function alipayHost(): AlipayHost {
  return (globalThis as unknown as { my: AlipayHost }).my;
}
