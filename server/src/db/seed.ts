import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import { DEFAULT_UTC_OFFSET_MINUTES } from '../../../src/domain/hours';
import type { DateLike } from '../../../src/domain/types';
import { demoStaffLogins } from '../demo/staff';
import type { DemoData, DemoShop } from '../demo/types';
import type { Db } from './client';
import { insertBeauty } from './seed-beauty';
import { VipTransactionType } from '../../../src/domain/enums';
import {
  activities,
  areas,
  balanceTransactions,
  categories,
  chains,
  couponTemplates,
  memberCoupons,
  memberLevels,
  members,
  pointTransactions,
  products,
  shops,
  staff,
  tables,
  users,
} from './schema';

/** Rows per INSERT statement for the big tables. */
const CHUNK = 200;

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in the shop's local time, or epoch ms, as a Date. */
export function dateOf(value: DateLike | undefined, fallback: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): Date {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'number') return new Date(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return fallback;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - utcOffsetMinutes * 60_000);
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function insertShop(tx: Db, s: DemoShop, sort: number): Promise<void> {
  const settings = s.shop;
  const chainId = s.chainId ?? settings.chainId ?? null;
  await tx.insert(shops).values({
    id: settings.id,
    chainId,
    name: settings.name,
    industry: settings.industry ?? 0,
    shopStatus: settings.shopStatus ?? 1,
    settings: { ...settings, ...(chainId === null ? {} : { chainId }) },
    memberSetting: s.memberSetting,
    paySetting: s.paySetting,
    vipChargePaySetting: s.vipChargePaySetting,
    payRules: s.payRules,
    giftRules: s.giftRules,
    beauty: s.beauty ?? null,
    unpaidMinutes: s.unpaidMinutes,
    smsQuota: s.smsQuota,
    sort,
  });
  if (s.beauty) await insertBeauty(tx, settings.id, s.beauty);
  if (s.memberLevels.length > 0) {
    await tx.insert(memberLevels).values(
      s.memberLevels.map((l) => ({
        id: l.id,
        shopId: settings.id,
        level: Number(l.level),
        name: l.name,
        discount: l.discount ?? 100,
        data: l,
      })),
    );
  }
  if (s.categories.length > 0) {
    await tx.insert(categories).values(
      s.categories.map((c, i) => {
        const { products: _p, ...data } = c;
        return { id: c.id, shopId: settings.id, name: c.name, sort: c.sort ?? i, data };
      }),
    );
  }
  await insertChunked(
    s.products.map((p, i) => ({
      id: p.id,
      shopId: settings.id,
      categoryId: p.typeid,
      name: p.name,
      price: String(p.price),
      memberPrice: p.memberPrice === undefined ? null : String(p.memberPrice),
      status: p.status ?? 0,
      stock: p.stock ?? null,
      sort: i,
      isSpecProduct: (p.specs?.length ?? 0) > 0,
      data: p,
    })),
    (chunk) => tx.insert(products).values(chunk),
  );
  if (s.areas?.length) {
    await tx.insert(areas).values(s.areas.map((a, i) => ({ id: a.id, shopId: settings.id, name: a.name, sort: i, data: a })));
  }
  if (s.tables?.length) {
    await tx.insert(tables).values(
      s.tables.map((t) => ({
        id: t.id,
        shopId: settings.id,
        areaId: t.nAreaID,
        name: t.sName,
        maxPerson: t.nMaxPerson ?? 4,
        tableStatus: t.nTableStatus ?? 1,
        eachFee: String(t.fEachFee ?? 0),
        feeType: t.nFeeType ?? 0,
        // TABLE-7: a demo table's fixed code; any other table gets the database's random one
        ...(s.tableCodes?.[t.id] ? { code: s.tableCodes[t.id] } : {}),
        data: t,
      })),
    );
  }
  if (s.activities.length > 0) {
    await tx.insert(activities).values(
      s.activities.map((a) => ({
        id: a.id,
        shopId: settings.id,
        chainId: null,
        type: a.type,
        status: a.status ?? 1,
        code: a.code ?? null,
        data: a,
      })),
    );
  }
  if (s.couponTemplates.length > 0) {
    await tx.insert(couponTemplates).values(
      s.couponTemplates.map((c) => ({
        id: c.id,
        shopId: settings.id,
        chainId: c.chainId ?? null,
        activityId: c.activityID,
        remaining: null,
        data: c,
      })),
    );
  }
}

/** Identity columns continue after the ids the demo used. */
async function advanceSequences(tx: Db): Promise<void> {
  for (const table of ['users', 'members', 'member_coupons']) {
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`),
    );
  }
}

/** Hashes of plain demo passwords, kept for the process so re-seeding (tests) does not re-hash. */
const hashMemo = new Map<string, Promise<string>>();
const hashOnce = (plain: string): Promise<string> => {
  let h = hashMemo.get(plain);
  if (!h) hashMemo.set(plain, (h = hash(plain)));
  return h;
};

/** Inserts the demo data (and extra shops such as the large benchmark shop) in one transaction. */
export async function seedDemo(db: Db, data: DemoData, extraShops: DemoShop[] = []): Promise<void> {
  const hashes = new Map<number, string>();
  // pay passwords are stored hashed (argon2id), never plain
  for (const m of data.members) hashes.set(m.id, await hashOnce(m.payPassword));
  const allShops = [...data.shops, ...extraShops];
  // the console's demo logins (CONSOLE-1), hashed like the pay passwords (argon2id, once per process)
  const logins = demoStaffLogins(allShops.map((s) => s.shop.id));
  const staffHashes = await Promise.all(logins.map((l) => hashOnce(l.password)));
  const now = new Date();
  const far = new Date(Date.UTC(2099, 0, 1));
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (data.chains.length > 0) {
      await tx.insert(chains).values(data.chains.map((c) => ({ id: c.id, name: c.name, nameEn: c.nameEn })));
    }
    if (data.users.length > 0) {
      await tx.insert(users).values(
        data.users.map((u) => ({
          id: u.id,
          platform: 'demo',
          openid: u.openid,
          phone: u.phone ?? null,
          nickName: u.nickName,
          avatarUrl: u.avatarUrl,
          authorised: true,
        })),
      );
    }
    let sort = 0;
    for (const s of allShops) await insertShop(tx, s, (sort += 1));
    if (logins.length > 0) {
      await tx.insert(staff).values(
        logins.map((l, i) => ({
          shopId: l.shopId,
          username: l.username,
          passwordHash: staffHashes[i],
          role: l.role,
          createdAt: now.getTime(),
        })),
      );
    }
    if (data.members.length > 0) {
      await tx.insert(members).values(
        data.members.map((m) => ({
          id: m.id,
          shopId: m.shopId,
          chainId: m.chainId ?? null,
          userId: m.userId,
          phone: m.phone,
          name: m.name,
          birthday: m.birthday ?? null,
          level: m.level,
          levelName: m.levelName,
          cardNo: m.cardNo,
          discount: m.discount,
          balance: String(m.amount),
          giftAmount: String(m.giftAmount),
          points: String(m.points),
          payPasswordHash: hashes.get(m.id) ?? null,
          isCharged: m.isCharged ? 1 : 0,
          isBindOfficialAccount: m.isBindOfficialAccount ? 1 : 0,
          data: { hasPaid: m.hasPaid === true },
        })),
      );
      // C§4 "init amount": a card that starts with money or points says so in its ledger, so its
      // history explains its figures and the consistency check finds no opening balance unexplained
      const opening = data.members.filter((m) => Number(m.amount) !== 0 || Number(m.giftAmount) !== 0);
      if (opening.length > 0) {
        await tx.insert(balanceTransactions).values(
          opening.map((m) => ({
            memberId: m.id,
            shopId: m.shopId,
            type: VipTransactionType.initAmount,
            amount: String(m.amount),
            giftAmount: String(m.giftAmount),
            balanceAfter: String(m.amount),
            giftAmountAfter: String(m.giftAmount),
            createdAt: now,
          })),
        );
      }
      const openingPoints = data.members.filter((m) => Number(m.points) !== 0);
      if (openingPoints.length > 0) {
        await tx.insert(pointTransactions).values(
          openingPoints.map((m) => ({
            memberId: m.id,
            shopId: m.shopId,
            type: VipTransactionType.initAmount,
            points: String(m.points),
            pointsAfter: String(m.points),
            createdAt: now,
          })),
        );
      }
    }
    if (data.memberCoupons.length > 0) {
      const owner = new Map(data.members.map((m) => [m.id, m.userId]));
      await tx.insert(memberCoupons).values(
        data.memberCoupons.map((c) => ({
          id: c.id,
          templateId: null,
          userId: owner.get(c.memberId) ?? null,
          memberId: c.memberId,
          shopId: c.shopId,
          status: c.status,
          startDate: dateOf(c.startDate, now),
          endDate: dateOf(c.endDate, far),
          source: 'demo',
          data: c,
        })),
      );
    }
    await advanceSequences(tx);
  });
}

/** Loads the demo data and the large shop when the shops table is empty (first start). */
export async function seedDemoIfEmpty(db: Db, opts: { large?: boolean } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(shops);
  if (n > 0) return false;
  const demo = await import('../demo');
  await seedDemo(db, demo.demoData, opts.large === false ? [] : [demo.buildLargeShop()]);
  return true;
}
