/**
 * Area locales (locales/areas): a subpackage's texts join the messages when its module loads, in every
 * language; all five languages are complete (a key a language could lack would still fall back to en).
 */
import type { AreaSources } from '../../locales/areas';
import type { Language } from '../../src/domain/language';
import { SUPPORTED_LANGUAGES } from '../../src/domain/language';
import { hasMessage, setLanguage, t, translate } from '../../src/i18n';
import { parityProblems } from './parity';

const AREAS: (keyof AreaSources)[] = ['member', 'wallet', 'promo', 'mall', 'entry', 'general', 'beauty', 'multi'];

/** An area's tree in a language, from its file under locales/areas. */
async function areaTree(area: keyof AreaSources, lang: Language): Promise<object> {
  const module = (await import(`../../locales/areas/${area}/${lang}`)) as Record<string, object>;
  return module[area];
}

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

  // C§1 as decided in docs/decisions.md, "Five complete languages": every area is complete in every language
  describe.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'zh-CN'))('%s', (lang) => {
    it.each(AREAS)('has every key of the %s area, non-empty, same placeholders, no text left in English', async (area) => {
      const [tree, source, en] = await Promise.all([areaTree(area, lang), areaTree(area, 'zh-CN'), areaTree(area, 'en')]);
      expect(parityProblems(lang, tree, source, en, area).map((p) => `${area}: ${p}`)).toEqual([]);
    });
  });

  it('fall back to en in a language for a key it lacks', async () => {
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
