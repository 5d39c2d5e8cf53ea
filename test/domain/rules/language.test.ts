import { chooseLanguage, requestLanguageHeader, SUPPORTED_LANGUAGES } from '@/domain/language';

describe('language choice', () => {
  it('defaults to Simplified Chinese', () => {
    expect(chooseLanguage({ abroad: false })).toBe('zh-CN');
  });

  it('uses English in the overseas environment', () => {
    expect(chooseLanguage({ abroad: true, storedLanguage: null })).toBe('en');
  });

  it('lets a stored language override the default', () => {
    expect(chooseLanguage({ abroad: false, storedLanguage: 'en' })).toBe('en');
    expect(chooseLanguage({ abroad: true, storedLanguage: 'zh-TW' })).toBe('zh-TW');
  });

  it('ignores a stored language the app does not ship', () => {
    expect(chooseLanguage({ abroad: true, storedLanguage: 'de' })).toBe('en');
  });

  it('ships zh-CN, en, zh-TW, es and fr', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual(['zh-CN', 'en', 'zh-TW', 'es', 'fr']);
  });
});

describe('request language header', () => {
  it('asks for zh for both Chinese locales', () => {
    expect(requestLanguageHeader('zh-CN')).toBe('zh');
    expect(requestLanguageHeader('zh-TW')).toBe('zh');
  });

  it('asks for en for English and the shell locales that fall back to it', () => {
    expect(requestLanguageHeader('en')).toBe('en');
    expect(requestLanguageHeader('es')).toBe('en');
    expect(requestLanguageHeader('fr')).toBe('en');
  });
});
