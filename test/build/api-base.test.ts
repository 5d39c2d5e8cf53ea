/**
 * The API origin a build compiles in (config/api-base.ts, README "Configuration"): one variable,
 * API_BASE_URL. Mini programs refuse relative request URLs ("request:fail invalid url"), so a mini
 * build must carry an absolute origin: the local demo server by default in development, and a
 * production build without the variable stops with a message naming it.
 */
import { ApiBaseUrlError, DEV_API_BASE_URL, apiBaseUrl } from '../../config/api-base';

type Env = Record<string, string | undefined>;

/** Runs config/index.ts as Taro does for `env` and returns its build constants. */
async function buildConstants(env: Env): Promise<Record<string, string>> {
  const saved: Env = {};
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    let factory: unknown;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      factory = require('../../config/index').default;
    });
    const merge = (...parts: object[]) => Object.assign({}, ...parts);
    const config = (await (factory as (m: typeof merge) => Promise<{ defineConstants: Record<string, string> }>)(merge)) as {
      defineConstants: Record<string, string>;
    };
    return config.defineConstants;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('API origin of a build', () => {
  it('compiles API_BASE_URL into a mini program build, without a trailing slash', async () => {
    const constants = await buildConstants({ TARO_ENV: 'weapp', NODE_ENV: 'production', API_BASE_URL: 'https://api.example.com/' });
    expect(JSON.parse(constants.API_BASE_URL)).toBe('https://api.example.com');
  });

  it('gives a development mini program build the local demo server (npm start)', async () => {
    for (const taroEnv of ['weapp', 'alipay']) {
      const constants = await buildConstants({ TARO_ENV: taroEnv, NODE_ENV: 'development', API_BASE_URL: undefined });
      expect(JSON.parse(constants.API_BASE_URL)).toBe('http://localhost:8080');
    }
  });

  it('stops a production mini program build without API_BASE_URL with a message naming it', async () => {
    for (const taroEnv of ['weapp', 'alipay']) {
      await expect(buildConstants({ TARO_ENV: taroEnv, NODE_ENV: 'production', API_BASE_URL: undefined })).rejects.toThrow(
        /API_BASE_URL is not set/,
      );
    }
  });

  it('lets H5 call its own origin when API_BASE_URL is not set (the server serves the site)', async () => {
    const constants = await buildConstants({ TARO_ENV: 'h5', NODE_ENV: 'production', API_BASE_URL: undefined });
    expect(JSON.parse(constants.API_BASE_URL)).toBe('');
  });

  it('refuses an origin that is not absolute http(s)', () => {
    expect(() => apiBaseUrl({ taroEnv: 'alipay', nodeEnv: 'production', value: '/api' })).toThrow(ApiBaseUrlError);
    expect(DEV_API_BASE_URL).toBe('http://localhost:8080');
  });
});
