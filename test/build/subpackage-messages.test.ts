/**
 * The zh-CN texts only subpackage pages show (locales/subpackages/zh-CN.ts) stay out of the mini
 * programs' main package and reach every page of every subpackage (APP-4, docs/decisions.md "Start-up
 * size"): the build puts their registration in front of each page module under a subpackage root.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { subpackagesZhCN } from '../../locales/subpackages/zh-CN';
import { filesOf, miniDist } from './mini-dist';

/** The subpackage roots of a build's app.json. */
function subpackageRoots(dir: string): { root: string; pages: string[] }[] {
  const app = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8')) as {
    subPackages?: { root: string; pages: string[] }[];
    subpackages?: { root: string; pages: string[] }[];
  };
  return (app.subPackages ?? app.subpackages ?? []).map((s) => ({ root: s.root.replace(/\/$/, ''), pages: s.pages }));
}

/** The scripts a page file requires (`require("./x.js")`), followed transitively inside the build. */
function scriptsOf(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(dir, file), 'utf8');
  for (const m of text.matchAll(/require\("([^"]+\.js)"\)/g)) {
    const target = join(file, '..', m[1]).split('\\').join('/');
    scriptsOf(dir, target, seen);
  }
  return seen;
}

// distinctive texts: the empty-screen sentences of subpackage pages
const samples = Object.values(subpackagesZhCN.pages.screens).map((s) => s.text);

for (const platform of ['weapp', 'alipay'] as const) {
  const dist = miniDist(platform);
  const suite = dist ? describe : describe.skip;
  suite(`subpackage texts in the ${platform} build`, () => {
    const dir = dist as string;

    it('are not in the main package', () => {
      const roots = subpackageRoots(dir).map((s) => `${s.root}/`);
      const main = filesOf(dir, '.js').filter((f) => !roots.some((r) => f.startsWith(r)));
      expect(main.length).toBeGreaterThan(0);
      const found = main.filter((f) => {
        const text = readFileSync(join(dir, f), 'utf8');
        return samples.some((s) => text.includes(s));
      });
      expect(found).toEqual([]);
    });

    it('load with every page of every subpackage', () => {
      const missing: string[] = [];
      for (const { root, pages } of subpackageRoots(dir)) {
        for (const page of pages) {
          const scripts = [...scriptsOf(dir, `${root}/${page}.js`)];
          const texts = scripts.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
          if (!samples.every((s) => texts.includes(s))) missing.push(`${root}/${page}`);
        }
      }
      expect(missing).toEqual([]);
    });
  });
}
