import { demoBanner } from '../../server/src/banner';
import { loadConfig, testConfig } from '../../server/src/config';
import { DEMO_USER } from '../../server/src/demo/ids';

describe('demo mode (DEMO_MODE)', () => {
  test('is off unless DEMO_MODE=1', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: '0' } as unknown as NodeJS.ProcessEnv).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: '1' } as unknown as NodeJS.ProcessEnv).demoMode).toBe(true);
  });

  test('the start-up banner prints the &openid= demo logins in demo mode only', () => {
    const on = demoBanner(testConfig({ demoMode: true }), 1);
    const off = demoBanner(testConfig({ demoMode: false }), 1);
    expect(on).toContain(`openid ${DEMO_USER.member.openid}`);
    expect(off).not.toContain('openid');
    expect(off).toContain('a browser is a visitor until it logs in by SMS');
  });
});
