import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../src/api/contract/common';
import { AVATAR_UPLOAD_PATH, userCalls, type LoginRes } from '../../../src/api/contract/user';
import type { ServerContext } from '../context';
import { secretsOf } from '../secrets';
import { AppError, fail, HttpError } from '../http/errors';
import { failureBody } from '../http/error-handler';
import { registerCall } from '../http/call';
import { pickLanguage } from '../i18n/messages';
import { AVATAR_MAX_BYTES, saveAvatar, visitorAvatarSvg } from '../services/avatar';
import { DevSmsProvider, SMS_CODE_TTL_MS } from '../services/sms';
import { getShop } from '../services/shops';
import { AVATAR_COUNT, findOrCreateUser, userProfile } from '../services/users';
import { browserEntryUser, phoneUser } from '../services/device-users';
import { saveClientLog } from '../services/client-logs';
import { setUserInfo } from '../services/profile';
import { tableByName } from '../services/table-codes';
import type { Lang } from '../i18n/messages';
import { resources } from '../../../locales';
import { generalByLanguage } from '../../../locales/areas/general';
import type { MessageTree } from '../../../src/api/contract/user';

const AVATAR_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** SMS abuse limits: one code per phone a minute, ten an hour; twenty per client address an hour. */
export const SMS_LIMITS = { perPhoneMinute: 1, perPhoneHour: 10, perIpHour: 20 } as const;
/** putLogs: thirty a minute per client address. */
export const PUT_LOGS_PER_MINUTE = 30;

/** Account calls (C§7 user, USER-1, USER-2). */
/** The key of getEncryptParams' signatures: ENCRYPT_PARAMS_SECRET (server/src/secrets.ts). */
const encryptSecret = (ctx: ServerContext): string => secretsOf(ctx).encryptParams;

export function registerUserRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const smsPerPhoneMinute = app.rateLimits.rule({ max: SMS_LIMITS.perPhoneMinute, timeWindow: 60_000 });
  const smsPerPhoneHour = app.rateLimits.rule({ max: SMS_LIMITS.perPhoneHour, timeWindow: 3_600_000 });
  const smsPerIpHour = app.rateLimits.rule({ max: SMS_LIMITS.perIpHour, timeWindow: 3_600_000 });
  const putLogsPerMinute = app.rateLimits.rule({ max: PUT_LOGS_PER_MINUTE, timeWindow: 60_000 });

  const issue = async (userId: number, shopId: number): Promise<LoginRes> => {
    const { token, expiresAt } = await ctx.sessions.issue(userId, shopId);
    return { token, expiresAt, shopId, user: await userProfile(ctx, userId, shopId) };
  };

  const platformLogin = async (platform: 'weapp' | 'alipay', shopId: number, code: string, lang: Lang) => {
    await getShop(ctx, shopId);
    const identity = await ctx.login[platform].exchange(code);
    const user = await findOrCreateUser(ctx.db, platform, identity.openid, ctx.clock.now(), lang);
    return issue(user.id, shopId);
  };

  registerCall(app, ctx, userCalls.login, async (c) => platformLogin('weapp', c.body.id, c.body.code, c.lang));
  registerCall(app, ctx, userCalls.aliLogin, async (c) => platformLogin('alipay', c.body.id, c.body.code, c.lang));

  // browser entry: the open id is the device id fallback of C§2, the user a visitor (C§3) until
  // an SMS login; only demo mode lets the demo's open ids sign in as the demo users
  registerCall(app, ctx, userCalls.h5entry, async (c) => {
    await getShop(ctx, c.body.id);
    const user = await browserEntryUser(ctx.db, ctx.config, c.body.openid, ctx.clock.now(), c.lang);
    return issue(user.id, c.body.id);
  });

  // moves the user to another shop of the same chain: a new token names the new shop
  registerCall(app, ctx, userCalls.token, async (c) => {
    // the shop-scope hook (routes/shop-scope.ts) has checked the new shop is of the token's chain
    const session = await ctx.sessions.resolve(c.body.token);
    if (!session) throw new HttpError(401, 'loginExpired');
    const to = await getShop(ctx, c.body.id);
    return issue(session.userId, to.id);
  });

  // C§1: the start-up messages of a language the mini programs do not carry (they fetch it once, then
  // keep it on the device); the same trees the H5 site loads as chunks, with the general area, whose
  // pages the mini programs hold in their main package
  registerCall(app, ctx, userCalls.messages, async (c) => ({ ...resources[c.body.lang].translation, general: generalByLanguage[c.body.lang] }) as MessageTree);

  registerCall(app, ctx, userCalls.urlCheck, async (c) => {
    let url: URL;
    try {
      url = new URL(c.body.url);
    } catch {
      return { valid: false, params: {} };
    }
    const ours = new URL(ctx.config.publicUrl).host;
    const hostHeader = c.request.headers.host ?? '';
    const valid = (url.protocol === 'https:' || url.protocol === 'http:') && (url.host === ours || url.host === hostHeader);
    const params: Record<string, string> = {};
    url.searchParams.forEach((v, k) => (params[k] = v.slice(0, 200)));
    // hash routing (C§2): start-up parameters may follow the route in the fragment
    const q = url.hash.indexOf('?');
    if (q >= 0) new URLSearchParams(url.hash.slice(q + 1)).forEach((v, k) => (params[k] = v.slice(0, 200)));
    return { valid, params: valid ? params : {} };
  });

  registerCall(app, ctx, userCalls.getCodeInfo, async (c) => {
    const { shopId, tableNo } = parseCode(c.body.code);
    try {
      await getShop(ctx, shopId);
    } catch {
      throw fail('invalidQr');
    }
    if (tableNo === null) return { type: 'shop' as const, shopId, tableId: null, tableNo: null };
    const table = await tableByName(ctx, shopId, tableNo);
    if (!table) throw fail('tableNotFound');
    return { type: 'table' as const, shopId, tableId: table.id, tableNo: table.name };
  });

  registerCall(app, ctx, userCalls.sendSmsCode, async (c) => {
    const phone = c.body.phone;
    const ip = c.request.ip;
    // the address is counted first: a send its address may not make uses none of the phone's sends
    const allowed =
      (await smsPerIpHour(c.request, `sms:ip:hour:${ip}`)) &&
      (await smsPerPhoneMinute(c.request, `sms:phone:min:${phone}`)) &&
      (await smsPerPhoneHour(c.request, `sms:phone:hour:${phone}`));
    if (!allowed) throw fail('tooManyRequests');
    const code = await ctx.sms.sendCode(c.session.shopId, phone);
    const showCode = c.body.test === true && ctx.sms.provider instanceof DevSmsProvider;
    return { sent: true as const, expiresIn: SMS_CODE_TTL_MS / 1000, ...(showCode ? { testCode: code } : {}) };
  });

  registerCall(app, ctx, userCalls.verifyCode, async (c) => {
    await ctx.sms.verify(c.body.phone, c.body.code);
    return { verified: true as const };
  });

  registerCall(app, ctx, userCalls.h5Login, async (c) => {
    await ctx.sms.verify(c.body.phone, c.body.code);
    // the token names the phone's user; the device visitor stays a visitor (its id is no login)
    const user = await phoneUser(ctx.db, c.body.phone, ctx.clock.now(), c.lang);
    return issue(user.id, c.session.shopId);
  });

  registerCall(app, ctx, userCalls.getSmsQuantity, async (c) => ({ quantity: await ctx.sms.quota(c.session.shopId) }));

  registerCall(app, ctx, userCalls.putLogs, async (c) => {
    if (!(await putLogsPerMinute(c.request, `logs:${c.request.ip}`))) throw fail('tooManyRequests');
    const text = Array.isArray(c.body.log) ? c.body.log.join('\n') : c.body.log;
    await saveClientLog(ctx, c.maybeSession, text);
    return 'ok';
  });

  // signed parameters another page or mini program can verify (user, shop, key, expiry)
  registerCall(app, ctx, userCalls.getEncryptParams, async (c) => {
    const secret = encryptSecret(ctx);
    const expiresAt = ctx.clock.now() + 10 * 60 * 1000;
    const payload = Buffer.from(
      JSON.stringify({ userId: c.session.userId, shopId: c.session.shopId, key: c.body.key, expiresAt }),
    ).toString('base64url');
    const sign = createHmac('sha256', secret).update(payload).digest('base64url');
    return { key: c.body.key, params: `${payload}.${sign}`, expiresAt };
  });

  // P§7 user/setUserInfo (USER-2): the same operation as store/setUserInfo, under the spec's name
  registerCall(app, ctx, userCalls.setUserInfo, async (c) => {
    await setUserInfo(ctx, c.session.userId, c.body);
    return userProfile(ctx, c.session.userId, c.session.shopId);
  });

  // USER-2 avatar upload: multipart, field "file"; size and type limits → avatarUploadFailed
  app.post(API_BASE + AVATAR_UPLOAD_PATH, async (request, reply) => {
    const token = request.headers.token;
    const session = await ctx.sessions.resolve(Array.isArray(token) ? token[0] : token);
    if (!session) throw new HttpError(401, 'loginExpired');
    if (!request.isMultipart()) throw fail('avatarUploadFailed');
    let url: string;
    try {
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw fail('avatarUploadFailed');
      const bytes = await file.toBuffer();
      url = await saveAvatar(ctx, session.userId, bytes, file.file.truncated);
    } catch (e) {
      if (e instanceof AppError) throw e;
      // too large (the multipart limit throws) or a broken upload
      const lang = pickLanguage(String(request.headers.language ?? ''), ctx.config.abroadEnv);
      return reply.code(200).send(failureBody('avatarUploadFailed', lang));
    }
    return reply.send({ result: true, info: { url } });
  });

  // uploaded avatars, served back (names are generated: <userId>-<hex>.<ext>)
  app.get<{ Params: { file: string } }>('/uploads/avatars/:file', async (request, reply) => {
    const m = /^\d+-[0-9a-f]{16}\.(png|jpg|gif|webp)$/.exec(request.params.file);
    if (!m) return reply.code(404).send();
    try {
      const bytes = await fs.readFile(path.join(ctx.config.uploadsDir, 'avatars', request.params.file));
      return reply.header('content-type', AVATAR_TYPES[m[1]]).header('cache-control', 'public, max-age=86400').send(bytes);
    } catch {
      return reply.code(404).send();
    }
  });

  // generated visitor avatars (C§3 random avatar)
  app.get<{ Params: { file: string } }>('/avatars/:file', async (request, reply) => {
    const n = Number(/^(\d+)\.svg$/.exec(request.params.file)?.[1]);
    if (!Number.isInteger(n) || n < 1 || n > AVATAR_COUNT) return reply.code(404).send();
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(visitorAvatarSvg(n));
  });
}

/**
 * Reads a QR code's content: a table code `T<shopId>-<tableNo>`, or a link carrying
 * `id`/`shop_id` and `table`/`table_no` (C§2 start-up parameters). Anything else is invalidQr.
 */
export function parseCode(code: string): { shopId: number; tableNo: string | null } {
  const m = /^T(\d{1,12})-([A-Za-z0-9_-]{1,32})$/.exec(code.trim());
  if (m) return { shopId: Number(m[1]), tableNo: m[2] };
  let params: URLSearchParams;
  try {
    const url = new URL(code);
    params = new URLSearchParams(url.search);
    const q = url.hash.indexOf('?');
    if (q >= 0) new URLSearchParams(url.hash.slice(q + 1)).forEach((v, k) => params.set(k, v));
  } catch {
    throw fail('invalidQr');
  }
  const shop = params.get('shop_id') ?? params.get('id');
  if (!shop || !/^\d{1,12}$/.test(shop)) throw fail('invalidQr');
  const table = params.get('table_no') ?? params.get('table');
  return { shopId: Number(shop), tableNo: table && /^[A-Za-z0-9_-]{1,32}$/.test(table) ? table : null };
}
