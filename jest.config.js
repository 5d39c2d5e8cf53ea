// Default suites: domain, stores, server, api (node) and pages/components (jsdom), e2e (Chromium).
// PostgreSQL suites live in jest.pg.config.js (`npm run test:pg`).
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

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/test/domain/**/*.test.ts',
        '<rootDir>/test/stores/**/*.test.ts',
        '<rootDir>/test/api/**/*.test.ts',
        '<rootDir>/test/i18n/**/*.test.ts',
        '<rootDir>/test/platform/**/*.test.ts',
        '<rootDir>/test/realtime/**/*.test.ts',
        '<rootDir>/test/server/**/*.test.ts',
        '<rootDir>/test/build/**/*.test.ts',
        '<rootDir>/test/lint/**/*.test.ts',
      ],
    },
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
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
};
