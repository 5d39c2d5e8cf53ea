/**
 * The chat app build carries the settings WeChat's code-quality check (miniprogram-ci
 * `checkCodeQuality`, the developer tool's 代码质量 panel) asks for, the four items it failed before:
 * JS, WXML and WXSS compressed on upload (`project.config.json` setting.minified, minifyWXML,
 * minifyWXSS) and components injected on demand (`app.json` lazyCodeLoading "requiredComponents"),
 * which is safe only without an independent subpackage (Taro's white screen with both).
 * The check itself runs on the build in test/mini/compilers.test.ts (all 11 items).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { miniDist } from './mini-dist';

const dist = miniDist('weapp');
const suite = dist ? describe : describe.skip;

suite('the chat app build for the code-quality check', () => {
  const read = (file: string) => JSON.parse(readFileSync(join(dist as string, file), 'utf8')) as Record<string, unknown>;

  it('compresses JS, WXML and WXSS on upload', () => {
    const setting = read('project.config.json').setting as Record<string, unknown>;
    expect({ minified: setting.minified, minifyWXML: setting.minifyWXML, minifyWXSS: setting.minifyWXSS }).toEqual({
      minified: true,
      minifyWXML: true,
      minifyWXSS: true,
    });
  });

  it('injects components on demand, with no independent subpackage', () => {
    const app = read('app.json');
    expect(app.lazyCodeLoading).toBe('requiredComponents');
    const subpackages = (app.subPackages ?? app.subpackages ?? []) as Array<{ root: string; independent?: boolean }>;
    expect(subpackages.length).toBeGreaterThan(0);
    expect(subpackages.filter((p) => p.independent).map((p) => p.root)).toEqual([]);
  });
});
