/**
 * Area locales (locales/areas): a subpackage's texts join the messages when its module loads, in every
 * language, and shell languages fall back to en for what they lack.
 */
import { hasMessage, setLanguage, t, translate } from '../../src/i18n';

afterEach(() => {
  setLanguage('zh-CN');
});

describe('area locales', () => {
  it('are unknown until the area module loads, then shown in the language on screen', async () => {
    expect(hasMessage('mall.title')).toBe(false);
    await import('../../src/i18n/areas/mall');
    expect(t('mall.title')).toBe('积分商城');
    setLanguage('en');
    expect(t('mall.title')).toBe('Points mall');
    setLanguage('fr');
    expect(t('mall.title')).toBe('Boutique de points');
  });

  it('fall back to en in a shell language for a key it lacks', async () => {
    await import('../../src/i18n/areas/mall');
    const { mall: fr } = await import('../../locales/areas/mall/fr');
    // a key the French tree does not hold is shown in English
    const { mall: en } = await import('../../locales/areas/mall/en');
    const missing = (Object.keys(en) as (keyof typeof en)[]).find((k) => !(k in fr) && typeof en[k] === 'string');
    if (missing === undefined) return expect(Object.keys(fr)).toEqual(Object.keys(en));
    setLanguage('fr');
    expect(translate(`mall.${missing}`)).toBe(en[missing]);
  });
});
