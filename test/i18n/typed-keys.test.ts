import type { OrderStatus } from '../../src/domain/enums';
import { t } from '../../src/i18n';

// The checks below are compile-time: `npx tsc` fails if a typed key or its params stop being enforced.
describe('typed keys', () => {
  it('a message with placeholders takes its params and one without takes none', () => {
    const withParams = t('errors.productSoldOut', { product: 'Tea' });
    const plain = t('common.ok');
    // @ts-expect-error an unknown key is a type error
    const unknownKey = () => t('common.notAKey');
    // @ts-expect-error a message with placeholders requires its params
    const missingParams = () => t('errors.productSoldOut');
    expect(withParams).toEqual('商品Tea已售罄');
    expect(plain).toEqual('确定');
    expect(typeof unknownKey).toEqual('function');
    expect(typeof missingParams).toEqual('function');
  });

  it('a key built from an enum value type-checks against the locale', () => {
    const status: OrderStatus = 'refund';
    // C§4: refund is shown as closed
    expect(t(`orderStatus.${status}`)).toBe('已关闭');
  });
});
