import { apiHost, isAbroadEnv } from '../../src/platform/env';

const saved = { abroad: process.env.ABROAD_ENV, origin: process.env.API_BASE_URL };

afterEach(() => {
  process.env.ABROAD_ENV = saved.abroad;
  process.env.API_BASE_URL = saved.origin;
  if (saved.abroad === undefined) delete process.env.ABROAD_ENV;
  if (saved.origin === undefined) delete process.env.API_BASE_URL;
});

describe('client environment outside a Taro build', () => {
  it('is the overseas build only when ABROAD_ENV is 1', () => {
    process.env.ABROAD_ENV = '1';
    expect(isAbroadEnv()).toBe(true);
    process.env.ABROAD_ENV = '0';
    expect(isAbroadEnv()).toBe(false);
  });

  it('takes the API origin without a trailing slash', () => {
    process.env.API_BASE_URL = 'https://api.example/';
    expect(apiHost()).toBe('https://api.example');
  });

  it('uses the page origin when no API origin is set', () => {
    delete process.env.API_BASE_URL;
    expect(apiHost()).toBe('');
  });
});
