/**
 * zh-CN's whole start-up tree: `locales/zh-CN.ts` (what the H5 start-up code bundles) joined with the
 * texts the first screens do not show (`../later/zh-CN.ts`) and those only subpackage pages show
 * (`./zh-CN.ts`). The server and the tests read this one (`locales/index.ts`).
 */
import { zhCN as startUp } from '../zh-CN';
import { laterZhCN } from '../later/zh-CN';
import { joinTrees } from '../join-trees';
import { subpackagesZhCN } from './zh-CN';

export { joinTrees } from '../join-trees';

export const zhCN = joinTrees(joinTrees(startUp, laterZhCN), subpackagesZhCN) as unknown as typeof startUp &
  typeof laterZhCN &
  typeof subpackagesZhCN;
