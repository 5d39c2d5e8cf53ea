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
        '<rootDir>/test/server/**/*.test.ts',
        '<rootDir>/test/build/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
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
