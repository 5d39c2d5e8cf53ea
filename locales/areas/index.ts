/**
 * Area locales: the texts of pages that live in a subpackage (member, wallet, promotions, points mall). Each area
 * is a folder with one file per language; its zh-CN tree is the source (typed keys and params), and en,
 * zh-TW, es and fr are complete, typed against it (`WidenArea`), so a missing key fails the type-check
 * (docs/decisions.md, "Five complete languages"; en remains the fallback of a key a language could lack).
 * The trees are not part of the start-up code: a page of the area imports `src/i18n/areas/<area>.ts`,
 * which adds them to the messages as the subpackage loads.
 */
import type { member } from './member/zh-CN';
import type { wallet } from './wallet/zh-CN';
import type { promo } from './promo/zh-CN';
import type { mall } from './mall/zh-CN';
import type { entry } from './entry/zh-CN';
import type { general } from './general/zh-CN';
import type { beauty } from './beauty/zh-CN';
import type { multi } from './multi/zh-CN';

/** The literal source trees of every area, keyed by their top-level message key. */
export interface AreaSources {
  member: typeof member;
  wallet: typeof wallet;
  promo: typeof promo;
  mall: typeof mall;
  entry: typeof entry;
  general: typeof general;
  beauty: typeof beauty;
  multi: typeof multi;
}

/** Same shape with plain strings: what a complete (en) area locale is typed against. */
export type WidenArea<T> = T extends string ? string : { readonly [K in keyof T]: WidenArea<T[K]> };
