/**
 * WeChat's own compilers and checks on the chat-app build: every template through `wcc`, every
 * stylesheet through `wcsc` (npm `miniprogram-compiler`), `miniprogram-ci`'s compile and code-quality
 * checks offline (project attributes given locally instead of fetched), and every script of both
 * builds parsed as ES5.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as acorn from 'acorn';
import { ROOT, builtPlatforms, distDir } from './host/suite';

jest.setTimeout(240_000);
const platforms = builtPlatforms();
const weapp = platforms.includes('weapp');
const WEAPP = distDir('weapp');

function filesUnder(dir: string, ext: string): string[] {
  const out: string[] = [];
  const go = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) go(p);
      else if (e.name.endsWith(ext)) out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  go(dir);
  return out.sort();
}

/** The package's Linux binaries, copied out so they can be made executable without touching node_modules. */
function compiler(name: 'wcc' | 'wcsc'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wx-compiler-'));
  const dest = path.join(dir, name);
  fs.copyFileSync(path.join(ROOT, 'node_modules', 'miniprogram-compiler', 'bin', 'linux', name), dest);
  fs.chmodSync(dest, 0o755);
  return dest;
}

const describeWeapp = weapp ? describe : describe.skip;

describeWeapp('WeChat compilers on dist/weapp', () => {
  test('wcc compiles every template (pages, base template, components) with their usingComponents', () => {
    const wxml = filesUnder(WEAPP, '.wxml');
    expect(wxml.length).toBeGreaterThanOrEqual(57);
    const wxs = filesUnder(WEAPP, '.wxs');
    // component arguments as miniprogram-compiler builds them: count, then per file its path and tag names
    const comp: string[] = [];
    let count = 0;
    for (const f of wxml) {
      const json = path.join(WEAPP, f.replace(/\.wxml$/, '.json'));
      if (!fs.existsSync(json)) continue;
      const using = Object.keys((JSON.parse(fs.readFileSync(json, 'utf8')) as { usingComponents?: object }).usingComponents ?? {});
      if (using.length === 0) continue;
      count += 1;
      comp.push(f, String(using.length), ...using);
    }
    const args = ['-d', '-cc', [count, ...comp].join(' '), ...wxml, ...wxs, '-gn', '$gwx'];
    const run = spawnSync(compiler('wcc'), args, { cwd: WEAPP, maxBuffer: 64 * 1024 * 1024 });
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    const out = run.stdout.toString();
    for (const f of ['pages/index/index.wxml', 'pages/order/confirm.wxml', 'base.wxml']) expect(out).toContain(f);
  });

  test('wcsc compiles every stylesheet', () => {
    const wxss = filesUnder(WEAPP, '.wxss');
    expect(wxss.length).toBeGreaterThan(10);
    // as miniprogram-compiler does: page/component sheets (those with a .json) first, their count after -pc
    const comp = wxss.filter((f) => fs.existsSync(path.join(WEAPP, f.replace(/\.wxss$/, '.json'))));
    const rest = wxss.filter((f) => !comp.includes(f));
    const run = spawnSync(compiler('wcsc'), ['-db', '-pc', String(comp.length), ...comp, ...rest], { cwd: WEAPP, maxBuffer: 64 * 1024 * 1024 });
    const failures = run.status === 0 ? [] : [run.stderr.toString().trim().slice(0, 2000)];
    expect(failures).toEqual([]);
  });

  test("miniprogram-ci compiles the package and its code-quality check passes (offline, local project attributes)", async () => {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const ci = require('miniprogram-ci') as typeof import('miniprogram-ci');
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { DefaultProjectAttr } = require('miniprogram-ci/dist/config/config') as { DefaultProjectAttr: object };
    const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wx-ci-'));
    const keyPath = path.join(keyDir, 'private.key');
    fs.writeFileSync(keyPath, '-----BEGIN RSA PRIVATE KEY-----\nlocal\n-----END RSA PRIVATE KEY-----\n');
    const project = new ci.Project({ appid: 'wx0000000000000000', type: 'miniProgram', projectPath: WEAPP, privateKeyPath: keyPath, ignores: [] });
    // the attributes WeChat's server would send: the module's own defaults, so nothing is fetched
    (project as unknown as { _attr: object })._attr = { ...DefaultProjectAttr };
    (project as unknown as { attr: () => Promise<object> }).attr = async () => ({ ...DefaultProjectAttr });
    const compiled = (await ci.getCompiledResult({ project, setting: { es6: false, minify: false } } as never)) as Record<string, unknown>;
    const names = Object.keys(compiled);
    expect(names.some((n) => n.includes('app-service.js') || n.endsWith('app.js'))).toBe(true);
    const quality = (await (ci as unknown as { checkCodeQuality: (p: unknown) => Promise<unknown> }).checkCodeQuality(project)) as Array<{
      name?: string;
      success?: boolean;
      text?: string;
    }>;
    // every item, the project settings (JS/WXML/WXSS compression, lazy code loading) included
    const items = Array.isArray(quality) ? quality : [];
    expect(items.length).toBeGreaterThanOrEqual(11);
    for (const name of ['JS_COMPRESS_OPEN', 'WXML_COMPRESS_OPEN', 'WXSS_COMPRESS_OPEN', 'LAZYCODE_LOADING_OPEN']) {
      expect(items.find((q) => q.name === name)?.success).toBe(true);
    }
    const failed = items.filter((q) => q.success !== true);
    console.info(`miniprogram-ci code quality: ${items.filter((q) => q.success === true).length} of ${items.length} pass`);
    expect(failed.map((q) => `${q.name}: ${q.text}`)).toEqual([]);
  });
});

describe.each(platforms)('ES5 [%s]', (platform) => {
  test('every built script parses as ES5', () => {
    const dir = distDir(platform);
    const bad: string[] = [];
    for (const f of filesUnder(dir, '.js')) {
      try {
        acorn.parse(fs.readFileSync(path.join(dir, f), 'utf8'), { ecmaVersion: 5, sourceType: 'script' });
      } catch (e) {
        bad.push(`${f}: ${(e as Error).message}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
