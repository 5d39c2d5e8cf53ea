import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { AddressInput, SavedAddress } from '../../../src/api/contract/address';
import { parseGps } from '../../../src/domain/validation';
import type { Db } from '../db/client';
import { addresses } from '../db/schema';
import { fail } from '../http/errors';

export type AddressRow = typeof addresses.$inferSelect;

/** Most addresses one user may keep. */
export const MAX_ADDRESSES = 50;

export function toAddress(r: AddressRow): SavedAddress {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    province: r.province,
    city: r.city,
    county: r.county,
    address: r.address,
    addressGps: r.addressGps,
    houseNumber: r.houseNumber,
    isDefault: r.isDefault,
    gender: r.gender,
  };
}

const gpsOf = (text: string) => {
  // C§5: an address needs GPS info that reads as a real point
  const p = parseGps(text);
  if (!p) throw fail('addressNoGps');
  return p;
};

/** The user's addresses, default first, newest next (USER-3). */
export async function listAddresses(db: Db, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the user's own addresses; another user's id (or an unknown one) is addressError. */
export async function ownAddress(db: Db, userId: number, id: number): Promise<AddressRow> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  if (!rows[0]) throw fail('addressError');
  return rows[0];
}

/** Adds an address; the first one, or one marked default, becomes the only default. */
export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<SavedAddress> {
  const gps = gpsOf(input.addressGps);
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw fail('addressError');
    const isDefault = input.isDefault === true || n === 0;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        name: input.name,
        phone: input.phone,
        province: input.province ?? '',
        city: input.city ?? '',
        county: input.county ?? '',
        address: input.address,
        addressGps: input.addressGps,
        lat: String(gps.lat),
        lng: String(gps.lng),
        houseNumber: input.houseNumber ?? '',
        isDefault,
        gender: input.gender ?? 0,
      })
      .returning();
    return toAddress(row);
  });
}

/** Replaces the fields of one of the user's addresses. */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput): Promise<SavedAddress> {
  const gps = gpsOf(input.addressGps);
  return db.transaction(async (tx) => {
    const current = await ownAddress(tx as unknown as Db, userId, id);
    const isDefault = input.isDefault ?? current.isDefault;
    if (isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    }
    const [row] = await tx
      .update(addresses)
      .set({
        name: input.name,
        phone: input.phone,
        province: input.province ?? '',
        city: input.city ?? '',
        county: input.county ?? '',
        address: input.address,
        addressGps: input.addressGps,
        lat: String(gps.lat),
        lng: String(gps.lng),
        houseNumber: input.houseNumber ?? '',
        isDefault,
        gender: input.gender ?? current.gender,
      })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return toAddress(row);
  });
}

/** Deletes one of the user's addresses; when it was the default, the oldest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownAddress(tx as unknown as Db, userId, id);
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (current.isDefault) {
      const next = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
      if (next[0]) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next[0].id));
    }
  });
}
