/** The demo ids the end-to-end tests use (from the server's demo data). */
export { DEMO_MEMBER, RESTAURANT_PRODUCT, RETAIL_PRODUCT, SHOP, TABLE, TABLE_CODE } from '../../server/src/demo/ids';
export { PayStatus as PAY } from '../../src/domain/enums';
export { lineFlag } from '../../src/domain/pricing';
