import { OrderType } from '@/domain/enums';
import { isBrowserUserAgent, userAgentCode } from '@/domain/user-agent';

// C§5 "Browser pages cannot pay by member card": the rule reads the user-agent code of C§3 (the
// client order of each range is recorded in docs/decisions.md: weapp, alipay, h5, kiosk).
describe('browser user-agent codes (C§5)', () => {
  it.each([3, 4, 53, 54, 103, 104, 203, 303])('counts %i (an h5 or kiosk code) as a browser', (code) => {
    expect(isBrowserUserAgent(code)).toBe(true);
  });

  it.each([1, 2, 51, 52, 101, 102, 201, 202, 301, 302])('counts %i (a mini-program code) as no browser', (code) => {
    expect(isBrowserUserAgent(code)).toBe(false);
  });

  it.each([5, 6, 55, 56, 105, 106])('counts the reserved code %i as no browser', (code) => {
    expect(isBrowserUserAgent(code)).toBe(false);
  });

  it('counts no code, codes outside every range and fractions as no browser', () => {
    expect(isBrowserUserAgent(null)).toBe(false);
    for (const code of [0, 7, 50, 150, 204, 300, 304, 400, -3, 3.5]) expect(isBrowserUserAgent(code)).toBe(false);
  });

  it('agrees with the codes the app sends: every order type on h5 and kiosk is a browser, weapp and alipay are not', () => {
    for (const orderType of Object.values(OrderType)) {
      expect(isBrowserUserAgent(userAgentCode(orderType, 'h5'))).toBe(true);
      expect(isBrowserUserAgent(userAgentCode(orderType, 'kiosk'))).toBe(true);
      expect(isBrowserUserAgent(userAgentCode(orderType, 'weapp'))).toBe(false);
      expect(isBrowserUserAgent(userAgentCode(orderType, 'alipay'))).toBe(false);
    }
    expect(isBrowserUserAgent(userAgentCode(OrderType.dine, 'h5', { scanOrder: true }))).toBe(true);
  });
});
