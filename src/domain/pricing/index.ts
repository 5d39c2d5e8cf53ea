/** The pricing engine's public API (PRICE-1…10). */
export { priceOrder } from './price-order';
export { buildPricingInput, pricingShop, unitPriceWith } from './build-input';
export type { MemberFacts, OrderPricingSources, PricingFacts, PricingSources } from './build-input';
export { lineFlag } from './flag';
export { memberDiscountNeedsCardPay } from './member';
export { tableFee } from './table-fee';
export type { TableFee } from './table-fee';
export * from './types';
