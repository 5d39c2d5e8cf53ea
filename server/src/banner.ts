import type { ServerConfig } from './config';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, SHOP } from './demo/ids';

/** The start-up text: where the app is and how to try every demo shop and login. */
export function demoBanner(config: ServerConfig, startMs: number): string {
  const base = config.publicUrl.replace(/\/$/, '');
  const page = `${base}/#/pages/index/index`;
  const db = /^postgres/.test(config.databaseUrl) ? 'PostgreSQL' : `PGlite (${config.databaseUrl})`;
  const lines = [
    '',
    `Consumer API and H5 app: ${base}/   (started in ${startMs} ms, database ${db})`,
    `API base: ${base}/new/consumer/`,
    '',
    'Demo shops:',
    `  Restaurant (tables, open-table, takeaway): ${page}?id=${SHOP.restaurant}`,
    `  Fast food / retail (overseas rules):        ${page}?id=${SHOP.retail}`,
    `  Beauty salon (appointments):                ${page}?id=${SHOP.beauty}`,
    `  Large menu (1,000 products):                ${page}?id=${SHOP.large}`,
    `  Dine-in at table A1:                        ${page}?id=${SHOP.restaurant}&isDine=1&table=A1`,
    `  Scan-order table A1 (open table):           ${page}?source_type=6&shop_id=${SHOP.restaurant}&table_no=A1`,
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
    paymentsLine(config),
    '',
  ];
  return lines.join('\n') + '\n';
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
