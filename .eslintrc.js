// The boundaries of docs/architecture.md (§1 Layers, §2 Boundaries enforced by lint) are enforced here
// (import/no-restricted-paths, import/no-cycle).
// Each zone and each restricted-imports override has a test that breaks it: test/lint/boundaries.test.ts.
const upperLayers = ['./src/api', './src/stores', './src/pages', './src/components', './src/platform', './src/realtime', './src/i18n', './server'];
// frameworks, UI, state, i18n and I/O: none of them in the pure modules (src/domain, src/api/contract)
const impure = ['@tarojs/*', 'react', 'react-dom', 'mobx', 'mobx-react', 'mobx-react-lite', 'rosetta', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'ioredis', 'fs', 'node:*', 'path', 'http', 'https', 'net'];
const decimalOnlyInMoney = { name: 'decimal.js', message: 'Only src/domain/money.ts imports decimal.js: compute amounts with its functions.' };
// The platform is chosen in src/platform: the host's build constant and the platform-suffixed modules
// that Taro picks per build live there (the build config reads the constant too).
const taroEnvMessage = 'process.env.TARO_ENV is read only in src/platform (and the build config): ask a src/platform module instead.';
const taroEnvReads = [
  "MemberExpression[object.object.name='process'][object.property.name='env'][property.name='TARO_ENV']",
  "MemberExpression[object.object.name='process'][object.property.name='env'][property.value='TARO_ENV']",
  "VariableDeclarator[init.object.name='process'][init.property.name='env'] > ObjectPattern > Property[key.name='TARO_ENV']",
].map((selector) => ({ selector, message: taroEnvMessage }));
const platformFile = {
  selector: 'Program',
  message: 'Platform-suffixed modules (*.h5, *.weapp, *.alipay) live in src/platform: move this one there and import it through its platform-neutral name.',
};

module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 2022, sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'import', 'react', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  settings: {
    react: { version: '18.3' },
    // import/* rules (no-cycle, no-restricted-paths) parse and resolve TypeScript files only with these
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import/extensions': ['.ts', '.tsx', '.js', '.jsx'],
    'import/resolver': { typescript: { project: './tsconfig.json', alwaysTryTypes: true }, node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
  },
  env: { es2022: true, node: true, browser: true, jest: true },
  // .eslintignore adds back .eslintrc.js (a dotfile) and leaves out the lint fixtures
  ignorePatterns: ['dist/', 'dist-*/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'server/drizzle/'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/no-explicit-any': 'warn',
    '@typescript-eslint/no-non-null-assertion': 'off',
    '@typescript-eslint/no-var-requires': 'off',
    'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          // the domain is pure: no upper layer, no contract
          { target: './src/domain', from: [...upperLayers, './locales'], message: 'src/domain is pure: it imports no upper layer and no message tree.' },
          // the contract imports only zod and domain types
          {
            target: './src/api/contract',
            from: upperLayers.filter((p) => p !== './src/api').concat(['./src/api/request.ts', './locales']),
            message: 'src/api/contract imports only zod and src/domain: no request layer, no upper layer, no message tree.',
          },
          // the server may import from src/ only domain and api/contract
          { target: './server', from: './src', except: ['./domain', './api/contract'], message: 'The server imports from src/ only src/domain and src/api/contract.' },
          // pages never call the network directly
          { target: './src/pages', from: ['./src/api/request.ts', './server'], message: 'Pages neither call the network nor import the server: they go through a store.' },
          { target: './src', from: ['./server', './test', './bench'], message: 'The app imports no server, test or benchmark code.' },
          // one direction: the checkout reads the cart and listens to its events; the cart knows nothing of it
          { target: './src/stores/cart.ts', from: './src/stores/checkout.ts', message: 'The cart imports nothing of the checkout: the checkout reads the cart and listens to cart.events.' },
          // the staff console (console/): its own screens, stores and request layer on the shared contract and domain
          { target: './console', from: './src', except: ['./domain', './api/contract'], message: 'The console imports from src/ only src/domain and src/api/contract.' },
          { target: './console', from: ['./server', './test', './bench'], message: 'The console imports nothing of the server, the tests or the benchmarks.' },
          { target: './src', from: './console', message: 'The app imports nothing of the staff console.' },
          { target: './server', from: './console', message: 'The server imports nothing of the staff console (it serves its build).' },
          // routes are thin: validate, call a service, shape the answer; queries live in services
          { target: './server/src/routes', from: './server/src/db', message: 'Routes do not query the database: move the query into server/src/services.' },
        ],
      },
    ],
    'no-restricted-imports': 'off',
    'no-restricted-syntax': ['error', ...taroEnvReads],
  },
  overrides: [
    {
      // JavaScript is parsed as JavaScript; Node scripts and configs are CommonJS unless .mjs
      files: ['*.js', '*.cjs', '*.mjs'],
      parser: 'espree',
      parserOptions: { ecmaVersion: 2022, sourceType: 'script' },
      env: { node: true, browser: false, jest: false },
      rules: {
        '@typescript-eslint/no-unused-vars': 'off',
        'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      },
    },
    {
      // ES modules run by Node: no CommonJS globals
      files: ['*.mjs'],
      parserOptions: { sourceType: 'module' },
      globals: { require: 'off', module: 'off', exports: 'off', __dirname: 'off', __filename: 'off' },
    },
    {
      // ES modules bundled into the H5 app by webpack (config/index.ts aliases them)
      files: ['config/h5-components/**/*.js', 'config/no-jsonp.js', 'config/native-api.js'],
      parserOptions: { sourceType: 'module' },
      env: { node: false, browser: true },
      globals: { process: 'readonly' }, // process.env.* is replaced at build time
    },
    {
      // where the platform constant is read: src/platform, the build config (Taro's and babel's), tests
      files: ['src/platform/**', 'config/**', 'babel.config.js', 'test/**'],
      rules: { 'no-restricted-syntax': 'off' },
    },
    {
      // the hosts' globals are declared for the whole project (types/host-apis.d.ts) so the adapters
      // type-check against the hosts' own declarations; only the platform adapters may touch them
      files: ['src/**', 'console/**', 'server/**', 'locales/**'],
      excludedFiles: ['src/platform/**'],
      rules: {
        'no-restricted-globals': [
          'error',
          { name: 'wx', message: 'Only src/platform calls the chat app host: go through an adapter.' },
          { name: 'my', message: 'Only src/platform calls the payment app host: go through an adapter.' },
        ],
      },
    },
    {
      // routes are thin (docs/architecture.md §17 Thin routes): no query builder, no timers (background work belongs to the app)
      files: ['server/src/routes/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [decimalOnlyInMoney],
            patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do not query the database: move the query into server/src/services.' }],
          },
        ],
        'no-restricted-globals': [
          'error',
          { name: 'setInterval', message: 'A route starts no timer: start background work from the app (server/src/app.ts).' },
          { name: 'setTimeout', message: 'A route starts no timer: start background work from the app (server/src/app.ts).' },
        ],
      },
    },
    {
      // the app and the server compute amounts through src/domain/money.ts
      files: ['src/**', 'server/**'],
      excludedFiles: ['server/src/routes/**', 'src/api/contract/**', 'src/domain/**'],
      rules: { 'no-restricted-imports': ['error', { paths: [decimalOnlyInMoney] }] },
    },
    {
      files: ['src/api/contract/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [decimalOnlyInMoney],
            patterns: [{ group: impure, message: 'src/api/contract is pure: zod and domain types, no framework, UI, state or I/O imports.' }],
          },
        ],
      },
    },
    {
      files: ['src/domain/**/*.ts'],
      excludedFiles: ['src/domain/money.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [decimalOnlyInMoney],
            patterns: [{ group: [...impure, 'zod'], message: 'src/domain is pure: only money.ts imports a package (decimal.js).' }],
          },
        ],
      },
    },
    {
      files: ['src/domain/money.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ group: [...impure, 'zod'], message: 'src/domain is pure: only money.ts imports a package (decimal.js).' }] }] },
    },
    {
      files: ['bench/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'test/**/*.tsx'],
      rules: { 'no-restricted-imports': 'off', 'import/no-restricted-paths': 'off' },
    },
    {
      // last, so that no other override turns it off
      files: ['**/*.{h5,weapp,alipay}.{ts,tsx,js,jsx,mjs,cjs}'],
      excludedFiles: ['src/platform/**'],
      rules: { 'no-restricted-syntax': ['error', platformFile, ...taroEnvReads] },
    },
  ],
};
