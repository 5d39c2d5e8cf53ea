/**
 * zh-CN's whole start-up tree: `locales/zh-CN.ts` (what the start-up code bundles) joined with the texts
 * only subpackage pages show (`./zh-CN.ts`). The server and the tests read this one (`locales/index.ts`).
 */
import { zhCN as startUp } from '../zh-CN';
import { subpackagesZhCN } from './zh-CN';

interface Tree {
  [key: string]: string | Tree;
}

/** A new tree with the branches of both (a text of `more` replaces the same key of `base`). */
export function joinTrees(base: object, more: object): Tree {
  const out: Tree = { ...(base as Tree) };
  for (const [key, value] of Object.entries(more as Tree)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? joinTrees(current, value) : value;
  }
  return out;
}

export const zhCN = joinTrees(startUp, subpackagesZhCN) as unknown as typeof startUp & typeof subpackagesZhCN;
