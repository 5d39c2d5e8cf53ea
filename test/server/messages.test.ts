import { ErrorCode } from '../../src/domain/errors';
import { messageFor, messages, pickLanguage } from '../../server/src/i18n/messages';

describe('server message table', () => {
  test('every catalogue code has a Chinese and an English message', () => {
    const missing = Object.values(ErrorCode).filter((code) => !messages[code]?.zh || !messages[code]?.en);
    expect(missing).toEqual([]);
  });

  test('placeholders are filled from the params', () => {
    expect(messageFor('productSoldOut', 'en', { product: 'Lobster' })).toBe('Product Lobster sold out');
    expect(messageFor('insufficientInventory', 'zh', { product: '烤鸭' })).toBe('烤鸭 库存不足');
  });

  test('spec messages keep the spec wording in English', () => {
    expect(messageFor('noSmsLeft', 'en')).toBe('No Sms Left');
    expect(messageFor('storeClosed', 'en')).toBe('Store Closed / Outside Business Hours');
  });

  test('the language header picks the language, the environment decides otherwise', () => {
    expect(pickLanguage('en-US', false)).toBe('en');
    expect(pickLanguage('zh-CN', true)).toBe('zh');
    expect(pickLanguage(undefined, true)).toBe('en');
    expect(pickLanguage(undefined, false)).toBe('zh');
  });
});
