/**
 * Every boundary of .eslintrc.js is broken once here and the lint must name the rule that keeps it:
 * each zone of import/no-restricted-paths, each no-restricted-imports override, the route timers,
 * and where process.env.TARO_ENV and platform-suffixed modules may live. The code is linted as text
 * under a file path inside the zone (ESLint's lintText with filePath), so no file is added to the
 * zone; imported modules are real, so the import resolver sees where they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

type Breach = { boundary: string; file: string; code: string; rule: string; says: string };

const restrictedPaths: Breach[] = [
  {
    boundary: 'the domain imports no upper layer',
    file: 'src/domain/x.ts',
    code: "import '../stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the domain imports no message tree',
    file: 'src/domain/x.ts',
    code: "import '../../locales/en';",
    rule: 'import/no-restricted-paths',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the contract imports no request layer',
    file: 'src/api/contract/x.ts',
    code: "import '../request';",
    rule: 'import/no-restricted-paths',
    says: 'src/api/contract imports only zod and src/domain',
  },
  {
    boundary: 'the contract imports no store',
    file: 'src/api/contract/x.ts',
    code: "import '@/stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'src/api/contract imports only zod and src/domain',
  },
  {
    boundary: 'the server imports from src/ only the domain and the contract',
    file: 'server/src/x.ts',
    code: "import '../../src/stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'The server imports from src/ only',
  },
  {
    boundary: 'pages never call the request layer',
    file: 'src/pages/x.tsx',
    code: "import '@/api/request';",
    rule: 'import/no-restricted-paths',
    says: 'Pages neither call the network nor import the server',
  },
  {
    boundary: 'pages never import the server',
    file: 'src/pages/x.tsx',
    code: "import '../../server/src/app';",
    rule: 'import/no-restricted-paths',
    says: 'Pages neither call the network nor import the server',
  },
  {
    boundary: 'the console imports from src/ only the domain and the contract',
    file: 'console/src/x.ts',
    code: "import '../../src/stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'The console imports from src/ only src/domain and src/api/contract',
  },
  {
    boundary: 'the console imports no server code',
    file: 'console/src/x.ts',
    code: "import '../../server/src/app';",
    rule: 'import/no-restricted-paths',
    says: 'The console imports nothing of the server',
  },
  {
    boundary: 'the app imports nothing of the console',
    file: 'src/stores/x.ts',
    code: "import '../../console/src/stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'The app imports nothing of the staff console',
  },
  {
    boundary: 'the server imports nothing of the console',
    file: 'server/src/x.ts',
    code: "import '../../console/src/stores/root';",
    rule: 'import/no-restricted-paths',
    says: 'The server imports nothing of the staff console',
  },
  {
    boundary: 'the app imports no server code',
    file: 'src/stores/x.ts',
    code: "import '../../server/src/app';",
    rule: 'import/no-restricted-paths',
    says: 'The app imports no server, test or benchmark code',
  },
  {
    boundary: 'the cart imports nothing of the checkout',
    file: 'src/stores/cart.ts',
    code: "import type { CheckoutStore } from './checkout';\nexport type Form = CheckoutStore;",
    rule: 'import/no-restricted-paths',
    says: 'The cart imports nothing of the checkout',
  },
  {
    boundary: 'the app imports no test code',
    file: 'src/stores/x.ts',
    code: "import '../../test/support/fakes';",
    rule: 'import/no-restricted-paths',
    says: 'The app imports no server, test or benchmark code',
  },
  {
    boundary: 'the app imports no benchmark code',
    file: 'src/components/x.tsx',
    code: "import '../../bench/pricing';",
    rule: 'import/no-restricted-paths',
    says: 'The app imports no server, test or benchmark code',
  },
  {
    boundary: 'routes do not query the database',
    file: 'server/src/routes/x.ts',
    code: "import '../db/client';",
    rule: 'import/no-restricted-paths',
    says: 'move the query into server/src/services',
  },
];

const restrictedImports: Breach[] = [
  {
    boundary: 'the domain is pure: no framework',
    file: 'src/domain/x.ts',
    code: "import 'mobx';",
    rule: 'no-restricted-imports',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the domain is pure: no I/O',
    file: 'src/domain/pricing/x.ts',
    code: "import 'node:fs';",
    rule: 'no-restricted-imports',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the domain is pure: no zod',
    file: 'src/domain/x.ts',
    code: "import 'zod';",
    rule: 'no-restricted-imports',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the domain is pure: no removed observer package',
    file: 'src/domain/x.ts',
    code: "import 'mobx-react-lite';",
    rule: 'no-restricted-imports',
    says: 'src/domain is pure',
  },
  {
    boundary: 'money.ts is pure but for decimal.js',
    file: 'src/domain/money.ts',
    code: "import 'zod';",
    rule: 'no-restricted-imports',
    says: 'src/domain is pure',
  },
  {
    boundary: 'the contract is pure',
    file: 'src/api/contract/x.ts',
    code: "import '@tarojs/taro';",
    rule: 'no-restricted-imports',
    says: 'src/api/contract is pure',
  },
  {
    boundary: 'routes use no query builder',
    file: 'server/src/routes/x.ts',
    code: "import 'drizzle-orm';",
    rule: 'no-restricted-imports',
    says: 'move the query into server/src/services',
  },
  {
    boundary: 'decimal.js only in money.ts (domain)',
    file: 'src/domain/pricing/x.ts',
    code: "import 'decimal.js';",
    rule: 'no-restricted-imports',
    says: 'Only src/domain/money.ts imports decimal.js',
  },
  {
    boundary: 'decimal.js only in money.ts (contract)',
    file: 'src/api/contract/x.ts',
    code: "import 'decimal.js';",
    rule: 'no-restricted-imports',
    says: 'Only src/domain/money.ts imports decimal.js',
  },
  {
    boundary: 'decimal.js only in money.ts (stores)',
    file: 'src/stores/x.ts',
    code: "import 'decimal.js';",
    rule: 'no-restricted-imports',
    says: 'Only src/domain/money.ts imports decimal.js',
  },
  {
    boundary: 'decimal.js only in money.ts (server)',
    file: 'server/src/services/x.ts',
    code: "import 'decimal.js';",
    rule: 'no-restricted-imports',
    says: 'Only src/domain/money.ts imports decimal.js',
  },
  {
    boundary: 'decimal.js only in money.ts (routes)',
    file: 'server/src/routes/x.ts',
    code: "import 'decimal.js';",
    rule: 'no-restricted-imports',
    says: 'Only src/domain/money.ts imports decimal.js',
  },
];

const otherRules: Breach[] = [
  {
    boundary: 'routes start no interval',
    file: 'server/src/routes/x.ts',
    code: 'setInterval(() => undefined, 1000);',
    rule: 'no-restricted-globals',
    says: 'A route starts no timer',
  },
  {
    boundary: 'routes start no timeout',
    file: 'server/src/routes/x.ts',
    code: 'setTimeout(() => undefined, 1000);',
    rule: 'no-restricted-globals',
    says: 'A route starts no timer',
  },
  {
    boundary: 'pages do not read TARO_ENV',
    file: 'src/pages/x.tsx',
    code: "export const h5 = process.env.TARO_ENV === 'h5';",
    rule: 'no-restricted-syntax',
    says: 'process.env.TARO_ENV is read only in src/platform',
  },
  {
    boundary: 'stores do not read TARO_ENV by key',
    file: 'src/stores/x.ts',
    code: "export const env = process.env['TARO_ENV'];",
    rule: 'no-restricted-syntax',
    says: 'process.env.TARO_ENV is read only in src/platform',
  },
  {
    boundary: 'components do not destructure TARO_ENV',
    file: 'src/components/x.ts',
    code: 'const { TARO_ENV } = process.env;\nexport { TARO_ENV };',
    rule: 'no-restricted-syntax',
    says: 'process.env.TARO_ENV is read only in src/platform',
  },
  {
    boundary: 'the server does not read TARO_ENV',
    file: 'server/src/x.ts',
    code: 'export const env = process.env.TARO_ENV;',
    rule: 'no-restricted-syntax',
    says: 'process.env.TARO_ENV is read only in src/platform',
  },
  {
    boundary: 'no h5 module outside src/platform',
    file: 'src/components/x.h5.tsx',
    code: 'export const x = 1;',
    rule: 'no-restricted-syntax',
    says: 'Platform-suffixed modules',
  },
  {
    boundary: 'no weapp module outside src/platform',
    file: 'src/stores/x.weapp.ts',
    code: 'export const x = 1;',
    rule: 'no-restricted-syntax',
    says: 'Platform-suffixed modules',
  },
  {
    boundary: 'no alipay module outside src/platform',
    file: 'src/pages/x.alipay.tsx',
    code: 'export const x = 1;',
    rule: 'no-restricted-syntax',
    says: 'Platform-suffixed modules',
  },
  {
    boundary: 'no platform module in tests either',
    file: 'test/platform/x.h5.ts',
    code: 'export const x = 1;',
    rule: 'no-restricted-syntax',
    says: 'Platform-suffixed modules',
  },
];

// the same kinds of code where they are allowed: no message at all
const allowed: { where: string; file: string; code: string }[] = [
  { where: 'the domain imports the domain', file: 'src/domain/x.ts', code: "import './enums';" },
  { where: 'money.ts imports decimal.js', file: 'src/domain/money.ts', code: "import 'decimal.js';" },
  { where: 'the checkout reads the cart', file: 'src/stores/checkout.ts', code: "export type { CartStore } from './cart';" },
  {
    where: 'the contract imports zod and the domain',
    file: 'src/api/contract/x.ts',
    code: "import 'zod';\nimport '../../domain/enums';",
  },
  {
    where: 'the server imports the domain and the contract',
    file: 'server/src/x.ts',
    code: "import '../../src/domain/enums';\nimport '../../src/api/contract/common';",
  },
  {
    where: 'services query the database',
    file: 'server/src/services/x.ts',
    code: "import '../db/client';\nimport 'drizzle-orm';\nsetInterval(() => undefined, 1000);",
  },
  { where: 'stores use the request layer', file: 'src/stores/x.ts', code: "import '@/api/request';" },
  {
    where: 'tests import the server, the app and decimal.js',
    file: 'test/server/x.test.ts',
    code: "import '../../server/src/app';\nimport '../../src/stores/root';\nimport 'decimal.js';",
  },
  { where: 'benchmarks import decimal.js', file: 'bench/x.ts', code: "import 'decimal.js';" },
  {
    where: 'src/platform reads TARO_ENV',
    file: 'src/platform/x.ts',
    code: 'export const env = process.env.TARO_ENV;',
  },
  {
    where: 'src/platform holds platform modules',
    file: 'src/platform/x.h5.ts',
    code: 'export const env = process.env.TARO_ENV;',
  },
  {
    where: 'the build config reads TARO_ENV',
    file: 'config/x.ts',
    code: 'export const env = process.env.TARO_ENV;',
  },
  {
    where: 'babel reads TARO_ENV',
    file: 'babel.config.js',
    code: "module.exports = () => ({ presets: process.env.TARO_ENV === 'h5' ? [] : [] });",
  },
  { where: 'tests set TARO_ENV', file: 'test/platform/x.test.ts', code: "process.env.TARO_ENV = 'weapp';" },
];

describe('each boundary, broken, is reported by its rule', () => {
  test.each([...restrictedPaths, ...restrictedImports, ...otherRules])(
    '$boundary ($file: $rule)',
    async ({ file, code, rule, says }) => {
      const messages = await lint(file, code);
      // only the rule under test (a page importing the server also breaks the app's own zone)
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.map((m) => m.rule)).toEqual(messages.map(() => rule));
      expect(messages.map((m) => m.message)).toContainEqual(expect.stringContaining(says));
    },
  );
});

describe('the same code where it belongs is not reported', () => {
  test.each(allowed)('$where ($file)', async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('JavaScript is parsed as what it is', () => {
  test('a .js config is CommonJS run by Node', async () => {
    expect(
      await lint(
        'jest.x.config.js',
        "module.exports = { root: __dirname, base: require('./jest.config.js') };",
      ),
    ).toEqual([]);
    expect(await lint('config/x.js', 'module.exports = window;')).toEqual([
      expect.objectContaining({ rule: 'no-undef', message: "'window' is not defined." }),
    ]);
    const esm = await lint('scripts/x.js', 'export default 1;');
    expect(esm).toEqual([
      expect.objectContaining({ rule: null, message: expect.stringContaining('Parsing error') }),
    ]);
  });

  test('a .mjs script is an ES module run by Node: no CommonJS globals', async () => {
    expect(
      await lint(
        'scripts/x.mjs',
        "import { join } from 'node:path';\nexport const here = join(new URL('.', import.meta.url).pathname, process.cwd());",
      ),
    ).toEqual([]);
    expect((await lint('scripts/x.mjs', 'export const here = __dirname;')).map((m) => m.rule)).toEqual([
      'no-undef',
    ]);
  });

  test('the H5 component modules are ES modules for the browser', async () => {
    const taro = "import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js';";
    expect(
      await lint(
        'config/h5-components/x.js',
        `${taro}\nexport const b = [manipulatePropsFunction, window.location, process.env.NODE_ENV];`,
      ),
    ).toEqual([]);
    expect(
      (await lint('config/h5-components/x.js', "export const fs = require('fs');")).map((m) => m.rule),
    ).toEqual(['no-undef']);
  });

  test('TypeScript syntax in a .js file is a parsing error', async () => {
    expect(
      (await lint('scripts/x.js', 'const a: number = 1;\nmodule.exports = a;')).map((m) => m.rule),
    ).toEqual([null]);
  });
});

describe('the lint script covers every source file', () => {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.lint;
  const args = script.split(/\s+/).slice(1);
  const extensions = args[args.indexOf('--ext') + 1].split(',');
  const targets = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--ext');
  const skipped = new Set([
    'node_modules',
    'dist',
    'data',
    'coverage',
    'test-results',
    'uploads',
    'table-codes',
  ]);

  function sources(dir: string): string[] {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory())
        return entry.name.startsWith('.') || skipped.has(entry.name) || entry.name.startsWith('dist-')
          ? []
          : sources(rel);
      return /\.(tsx?|[cm]?js|jsx)$/.test(entry.name) ? [rel] : [];
    });
  }

  test('for .ts, .tsx, .js, .mjs and .cjs', () => {
    expect(extensions).toEqual(expect.arrayContaining(['.ts', '.tsx', '.js', '.mjs', '.cjs']));
  });

  test('each file is under a target of `npm run lint` and not ignored, but for the lint fixtures', async () => {
    const files = sources('');
    expect(files.length).toBeGreaterThan(100);
    const uncovered = files.filter((f) => !targets.some((t) => f === t || f.startsWith(`${t}/`)));
    expect(uncovered).toEqual([]);
    const ignored: string[] = [];
    for (const f of files) if (await eslint.isPathIgnored(path.join(ROOT, f))) ignored.push(f);
    expect(ignored.filter((f) => !f.startsWith('test/lint/fixtures/'))).toEqual([]);
  });
});
