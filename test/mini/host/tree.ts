/**
 * Reading Taro's render tree from a page's data (`root.cn`): children `cn`, node name `nn` (an
 * alias number of the base template), text `v`, class `cl`, node ids `uid` / `sid`.
 */
export interface TaroNode {
  uid?: string;
  sid?: string;
  nn?: string | number;
  v?: string;
  cl?: string;
  cn?: TaroNode[];
  [prop: string]: unknown;
}

export interface Found {
  node: TaroNode;
  /** Element ancestors, nearest last. */
  ancestors: TaroNode[];
}

export function rootOf(data: Record<string, unknown>): TaroNode {
  return (data.root as TaroNode) ?? { cn: [] };
}

export function walk(root: TaroNode, visit: (node: TaroNode, ancestors: TaroNode[], depth: number) => void): void {
  const go = (n: TaroNode, anc: TaroNode[], depth: number) => {
    visit(n, anc, depth);
    const kids = Array.isArray(n.cn) ? n.cn : [];
    for (const c of kids) if (c) go(c, [...anc, n], depth + 1);
  };
  go(root, [], 0);
}

/** All text of a subtree joined. */
export function textOf(node: TaroNode): string {
  const parts: string[] = [];
  walk(node, (n) => {
    if (typeof n.v === 'string') parts.push(n.v);
  });
  return parts.join('');
}

/** Text nodes whose text matches, with their element ancestors. */
export function findText(root: TaroNode, match: string | RegExp): Found[] {
  const out: Found[] = [];
  walk(root, (n, anc) => {
    if (typeof n.v !== 'string') return;
    const hit = typeof match === 'string' ? n.v.includes(match) : match.test(n.v);
    if (hit) out.push({ node: n, ancestors: anc });
  });
  return out;
}

/** Elements whose class list contains `cls` (a prefix match on one class name when it ends in '*'). */
export function findClass(root: TaroNode, cls: string): TaroNode[] {
  const out: TaroNode[] = [];
  const prefix = cls.endsWith('*') ? cls.slice(0, -1) : null;
  walk(root, (n) => {
    if (typeof n.cl !== 'string') return;
    const names = n.cl.split(/\s+/);
    if (prefix ? names.some((c) => c.startsWith(prefix)) : names.includes(cls)) out.push(n);
  });
  return out;
}

/** The element a tap on a text lands on: the text's nearest element with an id. */
export function tapTarget(found: Found): TaroNode {
  for (let i = found.ancestors.length - 1; i >= 0; i -= 1) {
    const a = found.ancestors[i];
    if (a.uid || a.sid) return a;
  }
  throw new Error('no element with an id above the text');
}

export interface TreeStats {
  nodes: number;
  depth: number;
  maxChildren: number;
}

/** Rendered nodes, depth and widest node of a page's tree (experience rules). */
export function treeStats(root: TaroNode): TreeStats {
  let nodes = 0;
  let depth = 0;
  let maxChildren = 0;
  walk(root, (n, _a, d) => {
    if (n !== root) nodes += 1;
    depth = Math.max(depth, d);
    if (Array.isArray(n.cn)) maxChildren = Math.max(maxChildren, n.cn.length);
  });
  return { nodes, depth, maxChildren };
}

const IMAGE = /^data:image\/|\.(png|jpe?g|gif|svg|webp)(\?.*)?$/i;

/** Every string-valued image source in the tree (`src` props of image nodes). */
export function imageSources(root: TaroNode): string[] {
  const out: string[] = [];
  walk(root, (n) => {
    // an image's `src` is kept under its alias in the page data (`p<n>` of the base template)
    for (const [k, v] of Object.entries(n)) {
      if ((k === 'src' || /^p\d+$/.test(k)) && typeof v === 'string' && IMAGE.test(v)) out.push(v);
    }
  });
  return out;
}
