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
