import { z } from 'zod';
import { ActivitySchema, CouponSchema } from './activity';
import { Id } from './common';
import { ProductSchema, SaleDateRangeSchema, ShopSettingsSchema } from './store';

/**
 * The JSON a shop's configuration stores (settings, category, product, activity, coupon template):
 * the shapes the consumer calls answer with, so what a merchant loads is what the menu can serve.
 * The server's shop/load checks each stored record with these and an activity also with its kind's
 * args (activity-args.ts).
 */

/** The English names the back office keeps beside the Chinese ones. */
export const EnglishNamesSchema = z.object({
  nameEn: z.string().max(200).optional(),
  descriptionEn: z.string().max(2000).optional(),
  addressEn: z.string().max(200).optional(),
});

export const StoredShopSettingsSchema = ShopSettingsSchema;

/** A category as stored (its product ids are computed when the menu is read). */
export const StoredCategorySchema = z.object({
  id: Id,
  name: z.string().max(200),
  type: z.number().int().optional(),
  saleDateRange: z.array(SaleDateRangeSchema).optional(),
  sort: z.number().int().optional(),
});

export const StoredProductSchema = ProductSchema;
export const StoredActivitySchema = ActivitySchema;
export const StoredCouponSchema = CouponSchema;
