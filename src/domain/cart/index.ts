export { applyCartOp, putLine, rollbackCartOp } from './apply-op';
export type { CartOp, CartOpOptions, CartOpResult } from './apply-op';
export { buildCartLine, productFields } from './build-line';
export type { BuildLineOptions, LineChoice } from './build-line';
export { checkMealsetItems, comboItemError, comboItemState, firstUnavailableItem, mealsetStockNeeds } from './mealset-items';
export type { ComboItemState, MealsetItemProduct } from './mealset-items';
