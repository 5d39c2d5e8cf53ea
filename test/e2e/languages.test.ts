/**
 * Every language the app ships, in Chromium: the menu and the confirm page of a pickup order opened
 * with the language chosen (stored as the customer's choice), their labels in that language, no message
 * key on screen, amounts written the language's way, and a screenshot of each
 * (lang-<language>-menu / -confirm, kept in docs/screens/ by `npm run screens`).
 */
import type { Page } from 'playwright-core';
import { resources } from '../../locales';
import type { Language } from '../../src/domain/language';
import { SUPPORTED_LANGUAGES } from '../../src/domain/language';
import { messageKeyShown } from '../support/route-walk';
import { RETAIL_PRODUCT as S, SHOP } from './demo';
import { e2eReady, launch, newPhone, serverAndBrowser, shot, tap, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

/** A message of a language's start-up tree or of its subpackage texts (zh-CN keeps some apart). */
function message(lang: Language, dotted: string): string {
  const trees: unknown[] = [resources[lang].translation];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sub = require(`../../locales/subpackages/${lang}`) as Record<string, unknown>;
    trees.push(...Object.values(sub));
  } catch {
    // this language keeps every text in its own tree
  }
  for (const tree of trees) {
    let node: unknown = tree;
    for (const part of dotted.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  throw new Error(`${lang} has no message ${dotted}`);
}

/**
 * An amount of the demo retail shop (Singapore dollars, symbol S$) as the language writes it: S$7.90
 * (Chinese, English) or 7,90 S$ (Spanish, French: decimal comma, the symbol after a no-break space).
 */
const AMOUNT: Record<Language, RegExp> = {
  'zh-CN': /S\$\d+\.\d{2}/,
  'zh-TW': /S\$\d+\.\d{2}/,
  en: /S\$\d+\.\d{2}/,
  es: /\d+,\d{2}\u00a0S\$/,
  fr: /\d+,\d{2}\u00a0S\$/,
};

async function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

suite('every language in a browser', () => {
  const env = serverAndBrowser();

  for (const lang of SUPPORTED_LANGUAGES) {
    test(`${lang}: the menu and the confirm page in ${lang}, amounts written its way`, async () => {
      const { context, page } = await newPhone(env.browser, env.server);
      try {
        // the customer's stored choice (session: storage key "language", Taro's storage format)
        await context.addInitScript((l: string) => window.localStorage.setItem('language', JSON.stringify({ data: l })), lang);
        await launch(page, env.server.base, `id=${SHOP.retail}`);
        // as the other suites wait for a first launch (the language's messages arrive with it)
        await page.locator('#home-selfPickup').waitFor({ timeout: 30_000 });
        await tap(page, '#home-selfPickup');
        await page.locator('#product-list').waitFor({ timeout: 30_000 });
        await tap(page, '#category-2102');
        await tap(page, `#add-${S.nuggets}`);
        await page.locator('#checkout').waitFor();
        expect((await page.locator('#checkout').innerText()).trim()).toBe(message(lang, 'pages.ordering.checkout'));
        const menuText = await bodyText(page);
        expect(menuText).toContain(message(lang, 'orderType.selfPickup'));
        expect(messageKeyShown(menuText)).toBeNull();
        expect(menuText).toMatch(AMOUNT[lang]);
        await shot(page, `lang-${lang}-menu`);

        await tap(page, '#checkout');
        await page.locator('#picker-name').waitFor({ timeout: 20_000 });
        await type(page, '#picker-name', 'Tan Wei');
        await type(page, '#picker-phone', '13912345679');
        await page.locator('#submit-order').waitFor();
        expect((await page.locator('#submit-order').innerText()).trim()).toContain(message(lang, 'pages.ordering.submit'));
        const confirmText = await bodyText(page);
        expect(messageKeyShown(confirmText)).toBeNull();
        expect(await page.locator('#row-total .figure-row__value').innerText()).toMatch(AMOUNT[lang]);
        await shot(page, `lang-${lang}-confirm`);
      } finally {
        await context.close();
      }
    });
  }
});
