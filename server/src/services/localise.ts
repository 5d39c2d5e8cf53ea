import type { Lang } from '../i18n/messages';

/** Anything with a Chinese name and optionally an English one beside it. */
interface Named {
  name: string;
  nameEn?: string;
  description?: string;
  descriptionEn?: string;
}

/** The record with `name`/`description` in the request's language (C§1: English overseas). */
export function localiseNamed<T extends Named>(item: T, lang: Lang): T {
  if (lang !== 'en') return item;
  const out = { ...item };
  if (item.nameEn) out.name = item.nameEn;
  if (item.descriptionEn) out.description = item.descriptionEn;
  return out;
}

interface ProductLike extends Named {
  specs?: Named[];
  tastes?: Array<Named & { options: Named[] }>;
  mealset?: Array<Named & { items: Named[] }>;
}

/** A product with its specs, tastes and meal-set items in the request's language. */
export function localiseProduct<T extends ProductLike>(p: T, lang: Lang): T {
  if (lang !== 'en') return p;
  const out = localiseNamed(p, lang);
  if (p.specs) out.specs = p.specs.map((s) => localiseNamed(s, lang));
  if (p.tastes) out.tastes = p.tastes.map((g) => ({ ...localiseNamed(g, lang), options: g.options.map((o) => localiseNamed(o, lang)) }));
  if (p.mealset) out.mealset = p.mealset.map((g) => ({ ...localiseNamed(g, lang), items: g.items.map((i) => localiseNamed(i, lang)) }));
  return out;
}
