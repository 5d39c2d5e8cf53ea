// The mini-program host model (`npm run test:mini`): runs the built dist/weapp and dist/alipay
// against the real server on loopback. Outside CI the suites skip when dist/ is missing.
const base = require('./jest.config.js').projects[0];
module.exports = {
  projects: [{ ...base, displayName: 'mini', testMatch: ['<rootDir>/test/mini/**/*.test.ts'] }],
};
