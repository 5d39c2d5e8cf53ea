/**
 * The running platform (APP-9, docs/architecture.md §12 Platform adapters). Each capability file is resolved per build by
 * Taro (`x.weapp.ts`, `x.alipay.ts`, `x.h5.ts`); pages and stores use this object and never check
 * TARO_ENV.
 */
import { client } from './client';
import { lifecycle } from './lifecycle';
import { location } from './location';
import { login } from './login';
import { payment } from './payment';
import { phone } from './phone';
import { scan } from './scan';
import { openSocket } from './socket';
import { storage } from './storage';
import { subscribe } from './subscribe';
import type { Platform } from './types';
import { ui } from './ui';
import { upload } from './upload';

export const platform: Platform = {
  name: client.name,
  client,
  login,
  payment,
  subscribe,
  scan,
  location,
  upload,
  phone,
  storage,
  ui,
  lifecycle,
  socket: openSocket,
};

export { taroTransport } from './http';
export { isAbroadEnv, apiHost } from './env';
export { pageOrigin } from './page-origin';
export { firstTemplates } from './subscribe-templates';
export type * from './types';
