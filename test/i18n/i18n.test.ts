import { ErrorCode, ruleError } from '../../src/domain/errors';
import {
  applyLanguageChoice,
  errorMessage,
  getLanguage,
  addMessages,
  onLanguageChanged,
  requestLanguage,
  routeTitle,
  setLanguage,
  t,
  translate,
} from '../../src/i18n';

afterEach(() => {
  setLanguage('zh-CN');
});

describe('i18n', () => {
  it('starts in Simplified Chinese outside the overseas environment', () => {
    expect(getLanguage()).toBe('zh-CN');
    expect(t('tabBar.ordering')).toBe('点单');
  });

  it('switches language synchronously', () => {
    setLanguage('en');
    expect(t('tabBar.ordering')).toBe('Order');
  });

  it('gives each language its own text for a key read before the switch, and back', () => {
    const seen = [t('tabBar.ordering'), errorMessage(ErrorCode.networkError)];
    setLanguage('en');
    seen.push(t('tabBar.ordering'), errorMessage(ErrorCode.networkError));
    setLanguage('zh-CN');
    seen.push(t('tabBar.ordering'));
    expect(seen[0]).toEqual('点单');
    expect(seen[2]).toEqual('Order');
    expect(seen[4]).toEqual('点单');
    expect(seen[1] !== seen[3]).toEqual(true);
  });

  it('shows messages that arrive for the language on screen, even for a key read before', () => {
    expect(translate('pages.test.arrived')).toBe('pages.test.arrived');
    addMessages('zh-CN', { pages: { test: { arrived: '已到达' } } });
    expect(translate('pages.test.arrived')).toBe('已到达');
  });

  it('interpolates the product name into a message', () => {
    setLanguage('en');
    expect(t('errors.productSoldOut', { product: 'Latte' })).toBe('Product Latte sold out');
  });

  it('does not escape interpolated values (texts are not HTML)', () => {
    expect(t('errors.insufficientInventory', { product: 'Fish & Chips' })).toBe('Fish & Chips库存不足');
  });

  it('es shows its own text', () => {
    setLanguage('es');
    expect(t('tabBar.cart')).toBe('Carrito');
  });

  it('a complete locale shows its own text, and en answers a key it lacks', () => {
    setLanguage('fr');
    expect(t('errors.invalidQr')).toBe('QR code non valable');
    addMessages('en', { pages: { onlyInEnglish: 'Only in English' } });
    expect(translate('pages.onlyInEnglish')).toBe('Only in English');
  });

  it('gives the message of a rule failure with its params', () => {
    setLanguage('en');
    expect(errorMessage(ruleError(ErrorCode.purchaseLimit, { product: 'Tea', count: 2 }))).toBe('Tea: at most 2 per order');
  });

  it('gives the message of a bare catalogue code', () => {
    expect(errorMessage(ErrorCode.loginExpired)).toBe('登录已过期，请重新登录');
  });

  it('gives a route title from a full page path', () => {
    expect(routeTitle('pages/user/order/list')).toBe('订单列表');
    expect(routeTitle('/pages/member/point-store/point-store?x=1')).toBe('积分商城');
  });

  it('translates a run-time key', () => {
    setLanguage('en');
    expect(translate('orderStatus.pending')).toBe('Awaiting acceptance');
  });

  it('ignores an unknown language', () => {
    setLanguage('en');
    expect(setLanguage('de')).toBe('en');
  });

  it('a stored language overrides the overseas default', () => {
    expect(applyLanguageChoice({ abroad: true, storedLanguage: 'zh-TW' })).toBe('zh-TW');
  });

  it('the overseas environment defaults to en', () => {
    expect(applyLanguageChoice({ abroad: true, storedLanguage: null })).toBe('en');
  });

  it('asks the server for zh in both Chinese locales and en otherwise', () => {
    setLanguage('zh-TW');
    expect(requestLanguage()).toBe('zh');
    setLanguage('fr');
    expect(requestLanguage()).toBe('en');
  });

  it('notifies listeners of a language change until they unsubscribe', () => {
    const seen: string[] = [];
    const off = onLanguageChanged((lang) => seen.push(lang));
    setLanguage('en');
    off();
    setLanguage('es');
    expect(seen).toEqual(['en']);
  });
});
