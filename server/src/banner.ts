import type { ServerConfig } from './config';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, SHOP, TABLE_CODE } from './demo/ids';
import { demoStaffLogins } from './demo/staff';
import { scanOrderLink, terminalQr } from './tables-link';

/** The demo table whose scan-order link and QR code the start-up text shows. */
export const BANNER_TABLE = 'A1';

/**
 * The start-up text with the QR code of the demo table's scan-order link (what `npm start` prints).
 * `tableCode`: the table's code as the database holds it (TABLE-7; the demo's fixed one by default).
 */
export async function startBanner(config: ServerConfig, startMs: number, tableCode: string = TABLE_CODE[BANNER_TABLE]): Promise<string> {
  return demoBanner(
    config,
    startMs,
    await terminalQr(scanOrderLink(config.publicUrl, SHOP.restaurant, BANNER_TABLE, tableCode)),
    tableCode,
  );
}

/**
 * The start-up text: where the app is and how to try every demo shop and login. `scanOrderQr`, the
 * demo table's QR code drawn for a terminal, goes under its scan-order link.
 */
export function demoBanner(config: ServerConfig, startMs: number, scanOrderQr?: string, tableCode: string = TABLE_CODE[BANNER_TABLE]): string {
  const base = config.publicUrl.replace(/\/$/, '');
  const page = `${base}/#/pages/index/index`;
  const db = /^postgres/.test(config.databaseUrl) ? 'PostgreSQL' : `PGlite (${config.databaseUrl})`;
  const lines = [
    '',
    `Consumer API and H5 app: ${base}/   (started in ${startMs} ms, database ${db})`,
    `API base: ${base}/new/consumer/`,
    '',
    // C§2: the bare address is the entry without a shop: the shop list (then the shop chosen last time)
    `Open the app and choose a shop:              ${base}/`,
    '',
    'Demo shops:',
    `  Restaurant (tables, open-table, takeaway): ${page}?id=${SHOP.restaurant}`,
    `  Fast food / retail (overseas rules):        ${page}?id=${SHOP.retail}`,
    `  Beauty salon (appointments):                ${page}?id=${SHOP.beauty}`,
    `  Paris bakery-café (Europe/Paris, €):        ${page}?id=${SHOP.paris}`,
    `  Large menu (1,000 products):                ${page}?id=${SHOP.large}`,
    `  Dine-in at table A1:                        ${page}?id=${SHOP.restaurant}&isDine=1&table=A1`,
    `  Scan-order table ${BANNER_TABLE} (open table):           ${scanOrderLink(base, SHOP.restaurant, BANNER_TABLE, tableCode)}`,
    ...(scanOrderQr === undefined ? [] : [scanOrderQr]),
    '',
    ...(config.demoMode
      ? [
          'Demo logins (DEMO_MODE=1; browser: add &openid=<open id> to a link):',
          `  Member 张三 (balance 500):  openid ${DEMO_USER.member.openid}, phone ${DEMO_MEMBER.phone}, pay password ${DEMO_MEMBER.payPassword}`,
          `  Member 李四 (no balance):   openid ${DEMO_USER.memberEmpty.openid}, phone ${DEMO_MEMBER_EMPTY.phone}, pay password ${DEMO_MEMBER_EMPTY.payPassword}`,
          `  Visitor:                    openid ${DEMO_USER.visitor.openid}`,
        ]
      : [
          'Demo logins (demo mode off: a browser is a visitor until it logs in by SMS):',
          `  Member 张三: phone ${DEMO_MEMBER.phone}, pay password ${DEMO_MEMBER.payPassword}`,
          `  Member 李四: phone ${DEMO_MEMBER_EMPTY.phone}, pay password ${DEMO_MEMBER_EMPTY.payPassword}`,
        ]),
    `  SMS codes (SMS_PROVIDER=${config.smsProvider}) are printed in this log.`,
    '',
    ...consoleLines(config, base),

    paymentsLine(config),
    '',
  ];
  return lines.join('\n') + '\n';
}

/**
 * The staff console's address and, in demo mode only, the demo shops' console logins (an owner and a
 * staff member per shop; server/src/demo/staff.ts).
 */
function consoleLines(config: ServerConfig, base: string): string[] {
  if (!config.demoMode) return [`Staff console: ${base}/console/`, ''];
  const shopIds = [SHOP.restaurant, SHOP.retail, SHOP.beauty, SHOP.branch, SHOP.paris, ...(config.seedLargeShop ? [SHOP.large] : [])];
  const logins = demoStaffLogins(shopIds);
  return [
    `Staff console: ${base}/console/   demo logins (user / password):`,
    ...shopIds.map((id) => {
      const [o, st] = logins.filter((l) => l.shopId === id);
      return `  Shop ${id}: owner ${o.username} / ${o.password}, staff ${st.username} / ${st.password}`;
    }),
    '',
  ];
}

/** What the payments of this server are: the sandbox (demo mode) or real providers. */
function paymentsLine(config: ServerConfig): string {
  const names = config.payments.providers;
  if (names.length === 0) return 'Payments: cash and member card only (PAYMENTS is not set: no online provider).';
  const real = names.filter((n) => n !== 'sandbox');
  const parts = [
    ...(names.includes('sandbox')
      ? [`SANDBOX (demo mode: no money moves; pay on ${config.publicUrl.replace(/\/$/, '')}/sandbox-pay/ pages)`]
      : []),
    ...real,
  ];
  return `Payments: ${parts.join(', ')} (PAYMENTS=${names.join(',')}).`;
}
