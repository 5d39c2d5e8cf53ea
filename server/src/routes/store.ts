import type { FastifyInstance } from 'fastify';
import { storeCalls } from '../../../src/api/contract/store';
import { MenuLoading, ProductStatus } from '../../../src/domain/enums';
import { comboItemState } from '../../../src/domain/cart';
import type { ServerContext } from '../context';
import type { Lang } from '../i18n/messages';
import { fail } from '../http/errors';
import { PreSerialized, registerCall } from '../http/call';
import { findMemberOfUser, toMemberInfo } from '../services/members-read';
import { getMenu, liveStock, productRows, readStock, searchMenu, specList } from '../services/menu';
import { chainShops, getShop, paySettingOf, shopDetail } from '../services/shops';
import { storefrontPauses } from '../services/console/availability';
import { paymentsOf } from '../payments';
import { setUserInfo } from '../services/profile';
import { userProfile } from '../services/users';
import { couponProductsOf, limitCardsOf, limitCardUsesOf, memberLevelsOf } from '../services/store-members';

/** Shop, menu and profile calls (C§7 store; SHOP-1, MENU-1…6, USER-2). */
export function registerStoreRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, storeCalls.list, async (c) => ({
    list: await chainShops(ctx, c.session.shopId, c.lang),
  }));

  registerCall(app, ctx, storeCalls.detail, async (c) => {
    const shopId = c.body.id ?? c.session.shopId;
    const row = await getShop(ctx, shopId);
    const now = ctx.clock.now();
    // CONSOLE-5: the order types the shop paused (the menu's banner)
    return {
      ...shopDetail(row, c.lang, now, c.abroad, c.userAgentType),
      pauses: await storefrontPauses(ctx, row.id, now),
    };
  });

  registerCall(app, ctx, storeCalls.paySetting, async (c) =>
    paySettingOf((await getShop(ctx, c.session.shopId)).paySetting, paymentsOf(ctx).available),
  );
  registerCall(app, ctx, storeCalls.vipChargePaySetting, async (c) =>
    paySettingOf((await getShop(ctx, c.session.shopId)).vipChargePaySetting, paymentsOf(ctx).available),
  );

  const levelsOf = (shopId: number, chainId: number | null, lang: 'zh' | 'en') =>
    memberLevelsOf(ctx, shopId, chainId, lang);

  registerCall(app, ctx, storeCalls.levels, async (c) => {
    const shop = await getShop(ctx, c.session.shopId);
    return { list: await levelsOf(shop.id, shop.chainId, c.lang) };
  });

  registerCall(
    app,
    ctx,
    storeCalls.memberSetting,
    async (c) => (await getShop(ctx, c.session.shopId)).memberSetting ?? {},
  );

  registerCall(app, ctx, storeCalls.vipInfo, async (c) => {
    const shop = await getShop(ctx, c.session.shopId);
    const member = await findMemberOfUser(ctx.db, c.session.userId, shop.id, shop.chainId);
    const vipInfo = member ? toMemberInfo(member, shop.industry) : null;
    // settings and levels follow the shop's version; the card itself is always fresh
    if (c.body.version === shop.menuVersion)
      return { version: shop.menuVersion, unchanged: true as const, vipInfo };
    return {
      version: shop.menuVersion,
      unchanged: false as const,
      vipInfo,
      memberSetting: shop.memberSetting ?? {},
      levels: await levelsOf(shop.id, shop.chainId, c.lang),
    };
  });

  registerCall(app, ctx, storeCalls.products, async (c) => {
    const shopId = c.session.shopId;
    const [menu, stock] = await Promise.all([getMenu(ctx, shopId, c.lang), liveStock(ctx, shopId)]);
    // MENU-5: a client holding the current version gets no body and keeps its cached menu
    if (c.body.version === menu.version) return { version: menu.version, unchanged: true as const, stock };
    return new PreSerialized(
      `{"version":${menu.version},"unchanged":false,"categories":${menu.categoriesJson},"stock":${JSON.stringify(stock)}}`,
    );
  });

  registerCall(app, ctx, storeCalls.productTypes, async (c) =>
    productTypesAnswer(ctx, c.session.shopId, c.lang, c.body.version),
  );

  // MENU-8: the launch shop's menu without waiting for a token: the same answer as store/productTypes,
  // for the shop named in the body (the menu is the same for every customer of a shop); a shop that
  // does not exist is refused as the login refuses it
  registerCall(app, ctx, storeCalls.publicProductTypes, async (c) => {
    await getShop(ctx, c.body.shopId);
    return productTypesAnswer(ctx, c.body.shopId, c.lang, c.body.version);
  });

  registerCall(app, ctx, storeCalls.productsChunk, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    const { typeId, type, ids } = c.body;
    const page = c.body.page ?? 1;
    const pageLimit = c.body.pageLimit ?? 20;
    const wanted = ids ? new Set(ids) : null;
    const all = menu.categories
      .filter(
        (cat) => (typeId === undefined || cat.id === typeId) && (type === undefined || cat.type === type),
      )
      .flatMap((cat) => cat.products)
      .filter((p) => !wanted || wanted.has(p.id));
    return {
      version: menu.version,
      stale: c.body.version !== undefined && c.body.version !== 0 && c.body.version !== menu.version,
      list: all.slice((page - 1) * pageLimit, page * pageLimit),
      total: all.length,
      page,
      pageLimit,
    };
  });

  registerCall(app, ctx, storeCalls.productDetail, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    const p = menu.byId.get(c.body.id);
    if (!p) throw fail('productDeleted', { product: String(c.body.id) });
    return p;
  });

  registerCall(app, ctx, storeCalls.comboCheck, async (c) => {
    const shopId = c.session.shopId;
    const menu = await getMenu(ctx, shopId, c.lang);
    const combo = menu.byId.get(c.body.productId);
    const itemIds = [...new Set((combo?.mealset ?? []).flatMap((g) => g.items.map((i) => i.id)))];
    // C§3 combosError: the live stock of the items (the menu's copy carries none), read fresh
    const rows = await productRows(ctx, shopId, itemIds);
    const state = (id: number) => {
      const p = menu.byId.get(id);
      return comboItemState(id, p ? { ...p, stock: rows.get(id)?.stock ?? undefined } : undefined);
    };
    const items = itemIds.map(state).filter((s) => s.offline || s.saleOut || s.deleted);
    const own = comboItemState(c.body.productId, combo);
    return {
      id: c.body.productId,
      offline: own.offline || items.some((i) => i.offline),
      saleOut: own.saleOut || items.some((i) => i.saleOut),
      deleted: own.deleted || items.some((i) => i.deleted),
      items,
    };
  });

  registerCall(app, ctx, storeCalls.productTastes, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    const p = menu.byId.get(c.body.productId);
    if (!p) throw fail('productDeleted', { product: String(c.body.productId) });
    return { productId: p.id, tastes: p.tastes ?? [] };
  });

  registerCall(app, ctx, storeCalls.productTaxes, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    const data = [...menu.byId.values()].flatMap((p) =>
      (p.taxes ?? []).map((t) => ({ ...t, productID: p.id })),
    );
    return { data };
  });

  registerCall(app, ctx, storeCalls.checkStock, async (c) => {
    const shopId = c.session.shopId;
    const wanted = new Map<number, number>();
    for (const l of c.body.products) wanted.set(l.id, (wanted.get(l.id) ?? 0) + l.quantity);
    const rows = await productRows(ctx, shopId, [...wanted.keys()]);
    // C§4: the first product short of stock (unknown, deleted, sold out or not enough left)
    for (const l of c.body.products) {
      const row = rows.get(l.id);
      const need = wanted.get(l.id) ?? l.quantity;
      const short =
        !row ||
        row.status === ProductStatus.DELETE ||
        row.status === ProductStatus.OFFLINE ||
        row.status === ProductStatus.SALE_OUT ||
        (row.stock !== null && row.stock < need);
      if (short) {
        const name = row ? (c.lang === 'en' && row.data.nameEn ? row.data.nameEn : row.name) : null;
        return { id: l.id, name, stock: row ? (row.stock ?? 0) : null };
      }
    }
    return { id: null, name: null, stock: null };
  });

  registerCall(app, ctx, storeCalls.stockQuery, async (c) => {
    const ids = [...new Set(c.body.products.map((p) => p.id))];
    const rows = await productRows(ctx, c.session.shopId, ids);
    return {
      list: ids
        .filter((id) => rows.has(id))
        .map((id) => {
          const r = rows.get(id)!;
          return { product_id: id, stock_quantity: r.stock, order_quantity: r.orderQuantity };
        }),
    };
  });

  registerCall(app, ctx, storeCalls.productSearch, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    return { version: menu.version, list: searchMenu(menu, c.body.searchText) };
  });

  registerCall(app, ctx, storeCalls.specProductList, async (c) => {
    const menu = await getMenu(ctx, c.session.shopId, c.lang);
    return { list: specList(menu, c.body.includeNotSale === true) };
  });

  registerCall(app, ctx, storeCalls.couponProducts, async (c) => {
    const shop = await getShop(ctx, c.session.shopId);
    return { list: await couponProductsOf(ctx, shop, await getMenu(ctx, shop.id, c.lang)) };
  });

  /** The member card of the token's user in its shop, or null. */
  const ownMember = async (userId: number, shopId: number) => {
    const shop = await getShop(ctx, shopId);
    return findMemberOfUser(ctx.db, userId, shop.id, shop.chainId);
  };

  registerCall(app, ctx, storeCalls.limitCardList, async (c) => {
    const member = await ownMember(c.session.userId, c.session.shopId);
    // another member's cards are never shown (P§6 permissions)
    if (!member || (c.body.id !== undefined && c.body.id !== member.id)) return { list: [] };
    return { list: await limitCardsOf(ctx, member.id) };
  });

  registerCall(app, ctx, storeCalls.limitCardUseList, async (c) => {
    const page = c.body.page ?? 1;
    const pageLimit = c.body.pageLimit ?? 20;
    const member = await ownMember(c.session.userId, c.session.shopId);
    if (!member || (c.body.memberId !== undefined && c.body.memberId !== member.id)) {
      return { list: [], total: 0, page, pageLimit };
    }
    return limitCardUsesOf(ctx, member.id, { productId: c.body.productId, page, pageLimit });
  });

  registerCall(app, ctx, storeCalls.userInfo, async (c) =>
    userProfile(ctx, c.session.userId, c.session.shopId),
  );
  registerCall(app, ctx, storeCalls.setUserInfo, async (c) => {
    await setUserInfo(ctx, c.session.userId, c.body);
    return userProfile(ctx, c.session.userId, c.session.shopId);
  });
}

/** store/productTypes's answer for a shop (MENU-5, MENU-8). */
async function productTypesAnswer(
  ctx: ServerContext,
  shopId: number,
  lang: Lang,
  version: number | undefined,
) {
  const menu = await getMenu(ctx, shopId, lang);
  if (version === menu.version) return { version: menu.version, unchanged: true as const };
  const head = `{"version":${menu.version},"unchanged":false,"types":${menu.typesJson}`;
  // MENU-8: what the app asks for next comes with the list — the whole of a small menu (as
  // store/products answers it), or the first page of a large menu's first category (as
  // store/productsChunk answers it) with the live stock of its products (as store/stockQuery
  // answers it): the first rows show without another call
  if (menu.productCount <= MenuLoading.chunkThreshold) {
    const stock = await liveStock(ctx, shopId);
    return new PreSerialized(
      `${head},"whole":{"categories":${menu.categoriesJson},"stock":${JSON.stringify(stock)}}}`,
    );
  }
  if (menu.firstChunkJson === null) return new PreSerialized(`${head}}`);
  const stock = await readStock(ctx, shopId, menu.firstChunkIds);
  return new PreSerialized(`${head},"first":${menu.firstChunkJson},"stock":${JSON.stringify(stock)}}}`);
}
