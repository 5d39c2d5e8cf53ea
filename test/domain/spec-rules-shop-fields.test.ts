/**
 * The last shop fields and enumerations of C§3 / P§3 that had no test: allowPack and allowDineIn
 * (C3.20) as the pricing input and the scan entry read them, and the price rule kinds (P3.23).
 */
import { OrderType, PriceRuleKind } from '@/domain/enums';
import { scanEntry } from '@/domain/entry-launch';
import { pricingShop } from '@/domain/pricing/build-input';
import type { ShopSettings } from '@/domain/types';

const shop = (over: Partial<ShopSettings> = {}): ShopSettings => ({ id: 1, name: '面馆', ...over }) as ShopSettings;

describe('allowPack and allowDineIn (C3.20)', () => {
  test("allowPack reaches the pricing input as the shop's yes or no, and is no when the shop leaves it out", () => {
    expect(pricingShop(shop({ allowPack: true })).allowPack).toBe(true);
    expect(pricingShop(shop({ allowPack: false })).allowPack).toBe(false);
    expect(pricingShop(shop()).allowPack).toBe(false);
  });

  test('a table link seats the customer only when the shop scans and allows dine-in; without allowDineIn it offers pickup alone', () => {
    const link = { isDine: false, isScanOrder: false, orderType: null, tableNo: 'A1' };
    expect(scanEntry(link, { openScanSwitch: true, allowDineIn: true, selfCollection: true })).toEqual({ kind: 'choose' });
    expect(scanEntry(link, { openScanSwitch: true, allowDineIn: true, selfCollection: false })).toEqual({ kind: 'type', orderType: OrderType.dine });
    expect(scanEntry(link, { openScanSwitch: true, allowDineIn: false, selfCollection: true })).toEqual({ kind: 'type', orderType: OrderType.selfPickup });
  });
});

describe('price rule kinds (P3.23)', () => {
  test('are ProductSpecial 1, SecondDiscount 2, MemberPrice 3, BuyNGetN 4', () => {
    expect(PriceRuleKind).toEqual({ ProductSpecial: 1, SecondDiscount: 2, MemberPrice: 3, BuyNGetN: 4 });
  });
});
