// Boundaries of ARCHITECTURE.md are enforced here (import/no-restricted-paths, import/no-cycle).
const upperLayers = ['./src/api', './src/stores', './src/pages', './src/components', './src/platform', './src/realtime', './src/i18n', './server'];
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
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'server/drizzle/', '*.js', '*.mjs'],
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
          { target: './src/domain', from: [...upperLayers, './locales'] },
          // the contract imports only zod and domain types
          { target: './src/api/contract', from: upperLayers.filter((p) => p !== './src/api').concat(['./src/api/request.ts', './locales']) },
          // the server may import from src/ only domain and api/contract
          { target: './server', from: './src', except: ['./domain', './api/contract'] },
          // pages never call the network directly
          { target: './src/pages', from: ['./src/api/request.ts', './server'] },
          { target: './src', from: ['./server', './test', './bench'] },
          // routes are thin: validate, call a service, shape the answer; queries live in services
          { target: './server/src/routes', from: './server/src/db', message: 'Routes do not query the database: move the query into server/src/services.' },
        ],
      },
    ],
    'no-restricted-imports': 'off',
  },
  overrides: [
    {
      // routes are thin (ARCHITECTURE): no query builder, no timers (background work belongs to the app)
      files: ['server/src/routes/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do not query the database: move the query into server/src/services.' }] }],
        'no-restricted-globals': [
          'error',
          { name: 'setInterval', message: 'A route starts no timer: start background work from the app (server/src/app.ts).' },
          { name: 'setTimeout', message: 'A route starts no timer: start background work from the app (server/src/app.ts).' },
        ],
      },
    },
    {
      files: ['src/domain/**/*.ts', 'src/api/contract/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['@tarojs/*', 'react', 'react-dom', 'mobx', 'mobx-react-lite', '@nutui/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'ioredis', 'fs', 'node:*', 'path', 'http', 'https', 'net', 'i18next'], message: 'src/domain and src/api/contract are pure: no framework, UI, state or I/O imports.' },
            ],
          },
        ],
      },
    },
    {
      files: ['src/domain/**/*.ts'],
      excludedFiles: ['src/domain/money.ts', 'src/domain/cli.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [{ name: 'decimal.js', message: 'Only src/domain/money.ts imports decimal.js.' }],
            patterns: [
              { group: ['@tarojs/*', 'react', 'react-dom', 'mobx', 'mobx-react-lite', '@nutui/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'ioredis', 'fs', 'node:*', 'path', 'http', 'https', 'net', 'i18next', 'zod'], message: 'src/domain is pure: decimal.js (money.ts only), nothing else.' },
            ],
          },
        ],
      },
    },
    {
      files: ['src/domain/cli.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'test/**/*.tsx'],
      rules: { 'no-restricted-imports': 'off', 'import/no-restricted-paths': 'off' },
    },
  ],
};
