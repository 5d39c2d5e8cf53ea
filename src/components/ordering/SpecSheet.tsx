import { useEffect, useMemo, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import * as money from '@/domain/money';
import type { Product } from '@/domain/types';
import { mediaUrl } from '@/platform/media';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import type { ProductPick } from '@/stores/cart';
import { Money } from './Money';
import { Sheet } from './Sheet';
import { toastError, toast } from './feedback';

export interface SpecChoice {
  specId?: number;
  /** Taste option id → quantity. */
  tastes: Record<number, number>;
  /** Meal-set group id → item id → quantity. */
  mealset: Record<number, Record<number, number>>;
  quantity: number;
}

/** The first choices of a product: its first spec on sale, nothing else chosen. */
export function initialChoice(product: Product): SpecChoice {
  const spec = product.specs?.find((s) => s.status === undefined || s.status === 0) ?? product.specs?.[0];
  return { specId: spec?.id, tastes: {}, mealset: {}, quantity: 1 };
}

/** The cart pick of a choice (the cart store checks it against C§5). */
export function pickOf(choice: SpecChoice): ProductPick {
  const pick: ProductPick = { quantity: choice.quantity };
  if (choice.specId !== undefined) pick.specId = choice.specId;
  const tastes = Object.entries(choice.tastes).filter(([, q]) => q > 0);
  if (tastes.length > 0) pick.tastes = tastes.map(([id, quantity]) => ({ id: Number(id), quantity }));
  const meal = Object.entries(choice.mealset).flatMap(([groupId, items]) =>
    Object.entries(items)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ groupId: Number(groupId), id: Number(id), quantity })),
  );
  if (meal.length > 0) pick.mealset = meal;
  return pick;
}

/** The live price of a choice: spec (or base) price plus tastes and meal-set surcharges, times quantity. */
export function choicePrice(product: Product, choice: SpecChoice, decimals: number): number {
  const spec = product.specs?.find((s) => s.id === choice.specId);
  const parts: number[] = [spec ? spec.price : product.price];
  for (const g of product.tastes ?? []) {
    for (const o of g.options) {
      const q = choice.tastes[o.id] ?? 0;
      if (q > 0) parts.push(money.toWire(money.mul(o.price, q), decimals));
    }
  }
  for (const g of product.mealset ?? []) {
    for (const item of g.items) {
      const q = choice.mealset[g.id]?.[item.id] ?? 0;
      if (q > 0) parts.push(money.toWire(money.mul(item.price, q), decimals));
    }
  }
  return money.toWire(money.mul(money.sum(parts), choice.quantity), decimals);
}

export interface SpecPanelProps {
  product: Product;
  /** Called after the product went into the cart. */
  onAdded?: () => void;
}

/**
 * The spec sheet's content (docs/architecture.md §22 Screens, MENU-3): each spec / taste group /
 * meal-set group with its required mark and its choices as chips, topping quantities, the quantity
 * stepper, the live price and "add".
 */
export const SpecPanel = observer(function SpecPanel({ product, onAdded }: SpecPanelProps) {
  const { cart, shop, menu } = useStores();
  const [choice, setChoice] = useState<SpecChoice>(() => initialChoice(product));
  useEffect(() => setChoice(initialChoice(product)), [product]);
  const state = menu.productState(product);
  const price = useMemo(() => choicePrice(product, choice, shop.numberDecimals), [product, choice, shop.numberDecimals]);

  const toggleTaste = (groupId: number, optionId: number) => {
    const group = product.tastes?.find((g) => g.id === groupId);
    if (!group) return;
    setChoice((c) => {
      const tastes = { ...c.tastes };
      const on = (tastes[optionId] ?? 0) > 0;
      if (!group.multiple) for (const o of group.options) delete tastes[o.id];
      if (on) delete tastes[optionId];
      else tastes[optionId] = 1;
      return { ...c, tastes };
    });
  };
  const stepTaste = (optionId: number, delta: number, max?: number) =>
    setChoice((c) => {
      const q = Math.max(0, Math.min(max ?? 99, (c.tastes[optionId] ?? 0) + delta));
      return { ...c, tastes: { ...c.tastes, [optionId]: q } };
    });
  const toggleMeal = (groupId: number, itemId: number, required: number) =>
    setChoice((c) => {
      const items = { ...(c.mealset[groupId] ?? {}) };
      if ((items[itemId] ?? 0) > 0) delete items[itemId];
      else {
        // a group of one: choosing another item replaces the chosen one
        if (required <= 1) for (const k of Object.keys(items)) delete items[Number(k)];
        items[itemId] = 1;
      }
      return { ...c, mealset: { ...c.mealset, [groupId]: items } };
    });

  const add = () => {
    const error = cart.add(product.id, pickOf(choice));
    if (error) {
      toastError(error);
      return;
    }
    toast(t('pages.ordering.added'));
    onAdded?.();
  };

  return (
    <View className="spec-panel">
      <View className="spec-panel__head">
        {product.image ? <Image nativeProps={{ alt: '' }} className="spec-panel__img" src={mediaUrl(product.image)} mode="aspectFill" /> : null}
        <View className="spec-panel__titles">
          <Text className="spec-panel__name">{product.name}</Text>
          {product.description ? <Text className="spec-panel__desc">{product.description}</Text> : null}
          {state?.stockLeft !== null && state?.stockLeft !== undefined ? (
            <Text className="tag tag--warn">{t('pages.ordering.stockLeftTag', { count: state.stockLeft })}</Text>
          ) : null}
        </View>
      </View>

      {product.specs && product.specs.length > 0 ? (
        <View className="spec-group">
          <Text className="spec-group__title">
            {t('pages.ordering.spec')}
            <Text className="spec-group__required">{t('pages.ordering.required')}</Text>
          </Text>
          <View className="chips">
            {product.specs.map((s) => {
              const soldOut = s.status !== undefined && s.status !== 0;
              return (
                <View
                  key={s.id}
                  id={`spec-${s.id}`}
                  className={`chip${choice.specId === s.id ? ' chip--on' : ''}${soldOut ? ' chip--off' : ''}`}
                  onClick={() => !soldOut && setChoice((c) => ({ ...c, specId: s.id }))}
                >
                  <Text>{s.name}</Text>
                </View>
              );
            })}
          </View>
        </View>
      ) : null}

      {(product.tastes ?? []).map((g) => (
        <View key={g.id} className="spec-group">
          <Text className="spec-group__title">
            {g.name}
            {g.required ? <Text className="spec-group__required">{t('pages.ordering.required')}</Text> : null}
            {g.multiple ? <Text className="spec-group__hint">{t('pages.ordering.multiple')}</Text> : null}
          </Text>
          <View className="chips">
            {g.options.map((o) => {
              const q = choice.tastes[o.id] ?? 0;
              const topping = (o.maxQuantity ?? 1) > 1;
              return topping ? (
                <View key={o.id} className={`chip chip--qty${q > 0 ? ' chip--on' : ''}`} id={`taste-${o.id}`}>
                  <Text>{o.name}</Text>
                  {o.price > 0 ? (
                    <Text className="chip__price">
                      +<Money value={o.price} />
                    </Text>
                  ) : null}
                  <View className="mini-stepper">
                    <View className="mini-stepper__btn" onClick={() => stepTaste(o.id, -1, o.maxQuantity)}>
                      <Text>−</Text>
                    </View>
                    <Text className="mini-stepper__count">{q}</Text>
                    <View className="mini-stepper__btn" id={`taste-plus-${o.id}`} onClick={() => stepTaste(o.id, 1, o.maxQuantity)}>
                      <Text>+</Text>
                    </View>
                  </View>
                </View>
              ) : (
                <View key={o.id} id={`taste-${o.id}`} className={`chip${q > 0 ? ' chip--on' : ''}`} onClick={() => toggleTaste(g.id, o.id)}>
                  <Text>{o.name}</Text>
                  {o.price > 0 ? (
                    <Text className="chip__price">
                      +<Money value={o.price} />
                    </Text>
                  ) : null}
                </View>
              );
            })}
          </View>
        </View>
      ))}

      {(product.mealset ?? []).map((g) => (
        <View key={g.id} className="spec-group">
          <Text className="spec-group__title">
            {g.name}
            <Text className="spec-group__required">{t('pages.ordering.chooseCount', { count: g.required })}</Text>
          </Text>
          <View className="chips">
            {g.items.map((item) => {
              const on = (choice.mealset[g.id]?.[item.id] ?? 0) > 0;
              return (
                <View key={item.id} id={`meal-${g.id}-${item.id}`} className={`chip${on ? ' chip--on' : ''}`} onClick={() => toggleMeal(g.id, item.id, g.required)}>
                  <Text>{item.name}</Text>
                  {item.price > 0 ? (
                    <Text className="chip__price">
                      +<Money value={item.price} />
                    </Text>
                  ) : null}
                </View>
              );
            })}
          </View>
        </View>
      ))}

      <View className="spec-panel__foot">
        <View className="spec-panel__price">
          <Money value={price} className="price--large" />
        </View>
        <View className="stepper">
          <View className="stepper__btn stepper__btn--minus" onClick={() => setChoice((c) => ({ ...c, quantity: Math.max(1, c.quantity - 1) }))}>
            <Text>−</Text>
          </View>
          <Text className="stepper__count">{choice.quantity}</Text>
          <View className="stepper__btn stepper__btn--plus" onClick={() => setChoice((c) => ({ ...c, quantity: c.quantity + 1 }))}>
            <Text>+</Text>
          </View>
        </View>
      </View>
      <View className="primary-button spec-panel__add" id="spec-add" onClick={add}>
        <Text>{t('pages.ordering.addToCart')}</Text>
      </View>
    </View>
  );
});

export interface SpecSheetProps {
  productId: number | null;
  onClose: () => void;
}

/** The spec bottom sheet of the ordering page. */
export const SpecSheet = observer(function SpecSheet({ productId, onClose }: SpecSheetProps) {
  const { menu } = useStores();
  const product = productId !== null ? menu.product(productId) : undefined;
  return (
    <Sheet visible={!!product} onClose={onClose} className="spec-sheet">
      {product ? <SpecPanel product={product} onAdded={onClose} /> : null}
    </Sheet>
  );
});
