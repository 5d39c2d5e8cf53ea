// The mini-program host model (`npm run test:mini`): runs the built dist/weapp and dist/alipay
// against the real server on loopback. Outside CI the suites skip when dist/ is missing.
// The unit project's settings, with the demo database template of its global setup (the host's
// server is a test server: test/mini/host/server.ts).
const { testPathIgnorePatterns: _unitOnly, ...base } = require('./jest.config.js').projects.find(
  (p) => p.displayName === 'unit',
);
module.exports = {
  projects: [{ ...base, displayName: 'mini', testMatch: ['<rootDir>/test/mini/**/*.test.ts'] }],
};
