/** Demo rows of the beauty tables (ORDER-5): the set, the tags and the service users of a shop. */
import type { DemoBeauty } from '../demo/types';
import type { Db } from './client';
import { beautySets, serviceTags, serviceUsers } from './schema';

/** Inserts a shop's beauty set, service tags and service users. */
export async function insertBeauty(tx: Db, shopId: number, b: DemoBeauty): Promise<void> {
  await tx.insert(beautySets).values({ shopId, data: b.set });
  if (b.tags.length > 0) {
    await tx
      .insert(serviceTags)
      .values(b.tags.map((t, i) => ({ id: t.id, shopId, name: t.name, nameEn: t.nameEn, sort: i })));
  }
  if (b.users.length > 0) {
    await tx.insert(serviceUsers).values(
      b.users.map((u, i) => ({
        id: u.id,
        shopId,
        tagId: u.tagId,
        jobNo: u.jobNo,
        userName: u.userName,
        userNameEn: u.userNameEn,
        desc: u.desc,
        descEn: u.descEn,
        userPhone: u.userPhone,
        headImage: u.headImage,
        canReverse: u.canReverse,
        sort: i,
      })),
    );
  }
}
