import { z } from 'zod';
import { ErrorCode } from '../../domain/errors';
import { Gender } from '../../domain/enums';
import type { Address } from '../../domain/types';
import { Id, Ok, Phone, defineCall } from './common';
import { codedIssue, GpsText } from './shared-shapes';

/** Address calls (C§7 address, C§3 Address, USER-3). */

export const GenderSchema = z.union([z.literal(Gender.unknown), z.literal(Gender.male), z.literal(Gender.female)]);

/**
 * A required text whose absence maps to a catalogue code (refinements carry the code, see
 * shared-shapes `codedIssue`).
 */
const requiredText = (code: ErrorCode, max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .refine((v) => v !== undefined && v.trim() !== '', codedIssue(code, 'required'))
    .transform((v) => (v ?? '').trim());

/** "lat,lng" of the chosen point (C§5: an address needs GPS info). */
const AddressGps = z
  .string()
  .max(60)
  .optional()
  .refine((v) => v !== undefined && GpsText.safeParse(v).success, codedIssue(ErrorCode.addressNoGps, 'address needs GPS info'))
  .transform((v) => v ?? '');

/** The fields a customer enters for an address (add and update). */
export const AddressInput = z
  .object({
    name: requiredText(ErrorCode.requiredName, 64),
    phone: z
      .string()
      .max(24)
      .optional()
      .refine((v) => v !== undefined && Phone.safeParse(v).success, codedIssue(ErrorCode.inputCorrectPhone, 'phone'))
      .transform((v) => v ?? ''),
    province: z.string().max(64).optional(),
    city: z.string().max(64).optional(),
    county: z.string().max(64).optional(),
    address: requiredText(ErrorCode.requiredAddress, 200),
    addressGps: AddressGps,
    houseNumber: z.string().max(64).optional(),
    isDefault: z.boolean().optional(),
    gender: GenderSchema.optional(),
  })
  .strict();
export type AddressInput = z.infer<typeof AddressInput>;

/** A saved address as the server answers it. */
export const AddressSchema: z.ZodType<Address & { id: number }> = z.object({
  id: Id,
  name: z.string(),
  phone: z.string(),
  province: z.string().optional(),
  city: z.string().optional(),
  county: z.string().optional(),
  address: z.string(),
  addressGps: z.string().optional(),
  houseNumber: z.string().optional(),
  isDefault: z.boolean().optional(),
  gender: z.number().int().optional(),
});
export type SavedAddress = z.infer<typeof AddressSchema>;

const ById = z.object({ id: Id }).strict();

export const addressCalls = {
  list: defineCall('address/list', z.object({}).strict(), z.object({ list: z.array(AddressSchema) })),
  detail: defineCall('address/detail', ById, AddressSchema),
  add: defineCall('address/add', AddressInput, AddressSchema),
  update: defineCall('address/update', AddressInput.extend({ id: Id }).strict(), AddressSchema),
  delete: defineCall('address/delete', ById, Ok),
};
