/** Reading launch parameters (C§2: route parameters arrive as query strings). */

/** Parses `a=1&b=2` (leading `?` allowed); later keys win; values are URI-decoded. */
export function parseQueryString(query: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of query.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      out[decodeURIComponent(key)] = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      out[key] = value;
    }
  }
  return out;
}

/** The query of a URL (`…?x=1#…`), or of a hash route (`#/pages/x?y=2`). */
function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const rest = url.slice(q + 1);
  const hash = rest.indexOf('#');
  return hash < 0 ? rest : rest.slice(0, hash);
}

/**
 * Routes whose `id` parameter names their own record (an order, a coupon, a product, a red bag…),
 * not the shop (C§2: `id` is the shop id of a launch).
 */
const OWN_ID_ROUTES = new Set([
  'pages/user/order/detail',
  'pages/user/coupon/detail',
  'pages/product/detail',
  'pages/product/expand-red-bag',
  'pages/member/point-store/coupon-detail',
  'pages/member/limit-card-history',
]);

/** A browser location's parameters: search first, then the hash route's query (which wins). */
export function browserLaunchQuery(href: string): Record<string, string> {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt + 1);
  const fromHash = parseQueryString(queryOf(hash));
  // a page's own record id is not the shop: a reload of `#/pages/user/order/detail?id=9` keeps the
  // shop it was in
  const route = hash.split('?')[0].replace(/^\/+/, '');
  if (OWN_ID_ROUTES.has(route)) delete fromHash.id;
  return { ...parseQueryString(queryOf(beforeHash)), ...fromHash };
}

/**
 * A mini program launch query. A QR code launch carries the scanned URL in `q`; its parameters
 * (id, table, …) are merged in, the explicit query winning.
 */
export function miniProgramLaunchQuery(query: Record<string, string | undefined>): Record<string, string | undefined> {
  // a mini program code's `scene` is its own short query string (`shop_id=1001&table_no=A1&tableCode=…`)
  const scene = query.scene;
  if (scene && !query.q) {
    let text = scene;
    try {
      text = decodeURIComponent(scene);
    } catch {
      // already decoded
    }
    return text.includes('=') ? { ...parseQueryString(text), ...query } : query;
  }
  const q = query.q;
  if (!q) return query;
  let url = q;
  try {
    url = decodeURIComponent(q);
  } catch {
    // already decoded
  }
  return { ...parseQueryString(queryOf(url)), ...query };
}
