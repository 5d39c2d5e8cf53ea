/**
 * The few payment-app (`my.*`) calls Taro does not wrap the way the adapters need, typed by the
 * host's own declarations (@mini-types/alipay; tsconfig.alipay.json checks them). Read from
 * globalThis; only the alipay build calls it.
 */
export type AlipayHost = Pick<typeof my, 'getAuthCode' | 'tradePay' | 'getPhoneNumber' | 'requestSubscribeMessage'>;

export function alipayHost(): AlipayHost {
  return (globalThis as unknown as { my: AlipayHost }).my;
}
