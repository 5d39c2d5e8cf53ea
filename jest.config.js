// Every default suite, in named projects that the test tiers select with `--selectProjects`
// (scripts/run-tests.mjs, package.json scripts; one config, so a file belongs to exactly one tier):
//   unit    node: domain, stores, api, i18n, platform, realtime and the build-config tests; no process
//           started, no browser, no dist/ (the stores' in-process servers use the template below)
//   dom     jsdom: the pages and components
//   server  node: the API routes on in-memory PGlite (test/server), including the suites that spawn
//           server processes
//   checks  node: the lint rules (ESLint over the tree, a nested jest run), the per-host typecheck
//           fixtures and the checks of the built mini programs in dist/
//   e2e     node + headless Chromium: the H5 build in a browser
// `npm test` runs them all. The PostgreSQL suites live in jest.pg.config.js (`npm run test:pg`), the
// mini-program host model in jest.mini.config.js (`npm run test:mini`).
const common = {
  transform: { '^.+\\.(t|j)sx?$': 'babel-jest', '^.+\\.mjs$': 'babel-jest' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@locales/(.*)$': '<rootDir>/locales/$1',
  },
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // a fake transport's unscripted call or off-contract reply fails the test (test/support/fakes.ts)
  setupFilesAfterEnv: ['<rootDir>/test/support/strict-transport.ts'],
};

// The demo database migrated and seeded once per run; each in-memory test server starts from a copy
// (test/support/db-template.ts). Projects that open test servers name it; it runs once per run.
const demoTemplate = {
  globalSetup: '<rootDir>/test/support/db-template.ts',
  globalTeardown: '<rootDir>/test/support/db-template-teardown.ts',
};

// The build checks that read dist/weapp and dist/alipay (they skip outside CI when it is missing).
const distChecks = ['es5', 'subpackage-messages', 'wxss', 'code-quality'];

const unit = {
  ...common,
  ...demoTemplate,
  displayName: 'unit',
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/test/domain/**/*.test.ts',
    '<rootDir>/test/stores/**/*.test.ts',
    '<rootDir>/test/api/**/*.test.ts',
    '<rootDir>/test/i18n/**/*.test.ts',
    '<rootDir>/test/platform/**/*.test.ts',
    '<rootDir>/test/realtime/**/*.test.ts',
    '<rootDir>/test/build/**/*.test.ts',
    '<rootDir>/test/console/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', `<rootDir>/test/build/(${distChecks.join('|')})\\.test\\.ts$`],
};

module.exports = {
  projects: [
    unit,
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      setupFiles: [...common.setupFiles, '<rootDir>/test/support/taro-dom-globals.ts'],
      // Taro pages under jsdom: Taro's H5 components and API.
      moduleNameMapper: {
        // assets first: `@/assets/x.png` must not reach the `@/` alias
        '\\.(css|scss|sass)$': '<rootDir>/test/support/style-stub.ts',
        '\\.(png|jpe?g|gif|svg)$': '<rootDir>/test/support/file-stub.ts',
        ...common.moduleNameMapper,
        '^@tarojs/components$': '<rootDir>/node_modules/@tarojs/components/lib/react/index',
        '^@tarojs/taro$': '<rootDir>/test/support/taro-shim.ts',
      },
      // Taro and its dependencies ship ES modules: transform node_modules except the
      // CommonJS tooling and runtimes that break when babel rewrites them.
      transformIgnorePatterns: [
        '/node_modules/(jest[^/]*|@jest|babel[^/]*|@babel|react|react-dom|react-is|scheduler|mobx|mobx-react-lite|decimal\\.js|core-js[^/]*|jsdom|typescript|@testing-library|i18next|zod)/',
      ],
      testMatch: ['<rootDir>/test/pages/**/*.test.tsx', '<rootDir>/test/components/**/*.test.tsx'],
    },
    {
      ...common,
      ...demoTemplate,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'checks',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/test/lint/**/*.test.ts',
        // the per-host typecheck against the hosts' own declarations (tsconfig.weapp.json, tsconfig.alipay.json)
        '<rootDir>/test/typecheck/**/*.test.ts',
        `<rootDir>/test/build/{${distChecks.join(',')}}.test.ts`,
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
