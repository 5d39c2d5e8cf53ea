/**
 * Writes docs/api.md from the contract: every `*Calls` object of src/api/contract/*.ts, its path,
 * whether a token is needed, and request/response as JSON Schema; plus the websocket messages.
 *
 *   npx tsx scripts/gen-api-doc.ts           write docs/api.md
 *   npx tsx scripts/gen-api-doc.ts --check   exit 1 when docs/api.md is out of date
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { API_BASE, type CallDef } from '../src/api/contract/common';

/** Area files in the order the doc lists them; any other contract file with `*Calls` follows. */
const AREA_ORDER = ['store', 'user', 'address', 'delivery', 'order', 'table', 'beauty', 'vip', 'activity', 'message'];
/** Files that hold helpers or re-exports, not an area. */
const NOT_AREAS = new Set(['common', 'shared-shapes', 'index', 'ws']);

export interface AreaModule {
  file: string;
  exports: Record<string, unknown>;
}

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'req' in v && 'res' in v && 'auth' in v;

/** Drops what every integer schema repeats (the safe-integer bounds) to keep the doc readable. */
function prune(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prune);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    out[key] = prune(value);
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON Schema of a zod schema (zod 4 `z.toJSONSchema`), pruned. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  return prune(z.toJSONSchema(schema, { unrepresentable: 'any', io })) as Json;
}

/** JSON Schema of a zod schema on one line. */
export function compactSchema(schema: z.ZodType, io: 'input' | 'output'): string {
  return JSON.stringify(jsonSchemaOf(schema, io));
}

/**
 * Named shapes: exported object schemas of the area files with at least `MIN_SHAPE_KEYS` properties.
 * Wherever one appears inside a call's schema the doc writes `{"$ref":"#Name"}` and lists the shape
 * once under "Shapes", which keeps the doc short enough to read.
 */
const MIN_SHAPE_KEYS = 5;

interface Shapes {
  /** JSON text of a shape (input and output forms) → its name. */
  byText: Map<string, string>;
  /** Name → output JSON Schema. */
  byName: Map<string, Json>;
}

function collectShapes(areas: AreaModule[]): Shapes {
  const shapes: Shapes = { byText: new Map(), byName: new Map() };
  for (const area of areas) {
    for (const [exportName, value] of Object.entries(area.exports)) {
      if (!(value instanceof z.ZodType) || !/^[A-Z]/.test(exportName)) continue;
      const out = jsonSchemaOf(value, 'output');
      if (!isObjectSchema(out) || Object.keys(out.properties as object).length < MIN_SHAPE_KEYS) continue;
      const name = exportName.replace(/Schema$/, '');
      const text = JSON.stringify(out);
      if (shapes.byText.has(text)) continue;
      const finalName = shapes.byName.has(name) ? `${area.file}.${name}` : name;
      shapes.byName.set(finalName, out);
      shapes.byText.set(text, finalName);
      shapes.byText.set(JSON.stringify(jsonSchemaOf(value, 'input')), finalName);
    }
  }
  return shapes;
}

const isObjectSchema = (j: Json): j is { [key: string]: Json } =>
  typeof j === 'object' && j !== null && !Array.isArray(j) && j.type === 'object' && typeof j.properties === 'object';

/** Replaces every subtree equal to a named shape (except `keep`, the shape being listed) by a reference. */
function withRefs(node: Json, shapes: Shapes, used: Set<string>, keep?: string): Json {
  if (typeof node !== 'object' || node === null) return node;
  const name = shapes.byText.get(JSON.stringify(node));
  if (name && name !== keep) {
    used.add(name);
    return { $ref: `#${name}` };
  }
  if (Array.isArray(node)) return node.map((n) => withRefs(n, shapes, used, keep));
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = withRefs(value, shapes, used, keep);
  return out;
}

function renderCall(name: string, call: CallDef, base: string, shapes: Shapes, used: Set<string>, credential = 'token'): string {
  const show = (schema: z.ZodType, io: 'input' | 'output') => JSON.stringify(withRefs(jsonSchemaOf(schema, io), shapes, used));
  return [
    `#### \`${base}${call.path}\``,
    '',
    `${name} · ${credential} ${call.auth ? 'required' : 'not needed'}`,
    '',
    'Request:',
    '```json',
    show(call.req, 'input'),
    '```',
    'Response `info`:',
    '```json',
    show(call.res, 'output'),
    '```',
    '',
  ].join('\n');
}

/** Renders the whole document from loaded contract modules (pure: the tests call it). */
export function renderApiDoc(areas: AreaModule[], ws?: Record<string, unknown>, messageBase = '/message/'): string {
  const parts: string[] = [HEADER];
  const sorted = [...areas].sort((a, b) => rank(a.file) - rank(b.file) || a.file.localeCompare(b.file));
  const shapes = collectShapes(ws ? [...sorted, { file: 'ws', exports: ws }] : sorted);
  const used = new Set<string>();
  for (const area of sorted) {
    for (const [exportName, value] of Object.entries(area.exports)) {
      if (!exportName.endsWith('Calls') || typeof value !== 'object' || value === null) continue;
      const calls = Object.entries(value).filter((entry): entry is [string, CallDef] => isCall(entry[1]));
      if (calls.length === 0) continue;
      // an area with a base of its own exports it as `<AREA>_API_BASE` (the console's calls and session cookie)
      const ownBase = Object.entries(area.exports).find(([k, v]) => k.endsWith('_API_BASE') && typeof v === 'string')?.[1] as string | undefined;
      const base = area.file === 'message' ? messageBase : (ownBase ?? API_BASE);
      const credential = area.file === 'console' ? 'session cookie' : 'token';
      parts.push(`### ${exportName} (src/api/contract/${area.file}.ts)\n`);
      for (const [name, call] of calls) parts.push(renderCall(name, call, base, shapes, used, credential));
    }
  }
  if (ws) {
    parts.push('## Websocket messages (src/api/contract/ws.ts)\n');
    for (const name of ['WsClientMessage', 'WsServerMessage']) {
      const schema = ws[name];
      if (schema instanceof z.ZodType) {
        const json = JSON.stringify(withRefs(jsonSchemaOf(schema, 'output'), shapes, used));
        parts.push(`### ${name}\n\n\`\`\`json\n${json}\n\`\`\`\n`);
      }
    }
  }
  // shapes referenced only from other shapes are listed too
  const listed: string[] = [];
  const shapeParts: string[] = [];
  while (listed.length < used.size) {
    for (const name of [...used].sort()) {
      if (listed.includes(name)) continue;
      listed.push(name);
      const json = JSON.stringify(withRefs(shapes.byName.get(name) ?? null, shapes, used, name));
      shapeParts.push(`### ${name}\n<a id="${name}"></a>\n\n\`\`\`json\n${json}\n\`\`\`\n`);
    }
  }
  if (shapeParts.length > 0) {
    parts.push('## Shapes\n\n`{"$ref":"#Name"}` in the schemas above stands for the shape of that name.\n');
    const order = [...listed].sort();
    parts.push(...order.map((n) => shapeParts[listed.indexOf(n)]));
  }
  return parts.join('\n');
}

function rank(file: string): number {
  const i = AREA_ORDER.indexOf(file);
  return i === -1 ? AREA_ORDER.length : i;
}

/** Imports every area file present in the contract folder; a missing or broken file is reported and skipped. */
async function loadAreas(dir: string): Promise<AreaModule[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !NOT_AREAS.has(f));
  const areas: AreaModule[] = [];
  for (const file of files) {
    try {
      const exports = (await import(pathToFileURL(join(dir, `${file}.ts`)).href)) as Record<string, unknown>;
      areas.push({ file, exports });
    } catch (err) {
      console.warn(`skipped ${file}.ts: ${(err as Error).message}`);
    }
  }
  return areas;
}

async function main(): Promise<void> {
  const root = resolve(__dirname, '..');
  const dir = join(root, 'src/api/contract');
  const areas = await loadAreas(dir);
  const ws = (await import(pathToFileURL(join(dir, 'ws.ts')).href)) as Record<string, unknown>;
  const message = areas.find((a) => a.file === 'message')?.exports.MESSAGE_CENTRE_BASE;
  const doc = renderApiDoc(areas, ws, typeof message === 'string' ? message : undefined);
  const out = join(root, 'docs/api.md');
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      // a missing doc is out of date
    }
    if (current !== doc) {
      console.error('docs/api.md is out of date: run npx tsx scripts/gen-api-doc.ts');
      process.exit(1);
    }
    return;
  }
  writeFileSync(out, doc);
  const count = (doc.match(/^#### /gm) ?? []).length;
  console.log(`docs/api.md: ${count} calls from ${areas.map((a) => a.file).join(', ')}`);
}

const HEADER = `# Consumer API

Generated by \`npx tsx scripts/gen-api-doc.ts\` from the zod contract in \`src/api/contract/\`; edit the
contract (or the notes at the top of the script), not this file. The contract is the one source both the
app (types only) and the server (validation) use.

## Conventions

- **Calls.** Every call is \`POST\` with a JSON body to \`${API_BASE}<path>\` (C§7). The message-centre
  calls (\`consumer/cart-sync\`, \`consumer/cart-operate\`) live under their own base, \`/message/\`, with
  the same headers. Request timeout 60 s. The staff console's calls (\`consoleCalls\`) live under
  \`/console/api/\` and are authenticated by the httpOnly \`console_session\` cookie set by \`signIn\`
  (no token header).
- **Success.** HTTP 200 and \`{ "result": true, "info": <payload> }\`; the payload of each call is its
  *Response \`info\`* schema below.
- **Failure.** HTTP 200 and \`{ "result": false, "info": "<localised message>", "code": "<catalogue code>",
  "data"?: … }\`. \`code\` is a key of \`ErrorCode\` (\`src/domain/errors.ts\`); the app shows \`info\`
  as a toast unless the call suppresses it (order/confirm, activity/detail, activity/receiveExpandCoupon).
  A request that does not match its schema gets \`badRequest\`, except where a rule of the error
  catalogue is written into the schema: such a refinement carries the catalogue code in its issue
  \`params.code\` (\`codedIssue\` in \`shared-shapes.ts\`) and the server answers with that code — for
  example a 5-digit pay password gives \`payPasswordSixDigits\`, 123456 as a new password gives
  \`payPasswordTooSimple\`, a repeat that differs gives \`passwordsInconsistent\`. A failed request
  changes nothing (API-4).
- **HTTP errors** are used only where C§8 expects them: **401** when the token is missing, unknown or
  expired (the app clears openid and token and returns to the entry page); **403** when the shop has
  stopped operating (shop status -1). Anything else above 302 is a server error; no answer is a network
  error.
- **Headers** (case-insensitive):
  - \`token\` — the session token from user/login, user/h5Login or user/token. It is bound to one shop
    and one customer; calls marked "token not needed" ignore it. Tokens live 24 h.
  - \`Abroad-Env\` — \`1\` overseas build (English default, flat delivery fee deliverAmount1), \`0\` otherwise.
  - \`language\` — \`en\` or \`zh\`; chooses the language of \`info\` messages.
  - \`userAgentType\` — the user-agent code of C§3 (takeaway 1–6, selfPickup 51–56, dine 101–106, scan
    order 201–203, appointment 301–303); the server reads the order-type range of coupons from it.
  - \`Idempotency-Key\` — on the calls that move money: order/confirm, order/pay, vip/recharge and
    activity/pointExchangeProduct (table/confirm when served): a client-made unique string per
    submission, 8 to 64 letters, digits, \`-\` or \`_\` (a UUID); anything else is \`badRequest\`. The
    server keeps the first answer for 24 hours: a retry with the same key and the same body returns that
    answer without running again (no second order, charge, top-up or exchange); the same key with a
    different body is refused with \`badRequest\`. Calls with one key sent at once run once: the others
    wait for its answer (\`requestInProgress\` if it takes over 15 s). A refusal (an error answer) is not
    kept, so the customer may correct and send again with the same key. The app makes one key per press
    of the pay button, so a double tap or a timeout-and-retry places one order.
- **Types.** Ids are positive integers. Amounts are JSON numbers with at most 4 decimal places (the
  shop's \`numberDecimals\`, default 2, is checked by the services). Times are epoch milliseconds
  (\`EpochMs\`) except calendar days (\`YYYY-MM-DD\`) and shop opening hours (\`HH:mm\`, shop local
  time). Strings and arrays have upper bounds. Request objects are strict: an unknown key is refused.
- **Paging.** List calls take \`page\` (from 1) and \`pageLimit\` (1–100, default 20) and answer
  \`{ list, total, page, pageLimit }\`.

## Design choices where the spec says "not shown"

- **Shop of a call.** The token names the shop; order/confirm takes an optional \`shopId\` only for the
  multi-shop confirm (one confirm per shop, ORDER-10).
- **Order submission never carries prices.** \`products\` name product, spec, tastes, meal-set choices,
  quantity and line flag. The server prices the order with the domain engine and compares with
  \`expectedTotal\` (what the customer saw). A difference answers \`amountError\` with
  \`data: { expectedTotal, total, breakdown }\` so the app can show the fresh figures and ask again.
  \`couponId\`: a coupon id, \`"auto"\` (the server picks by P§9: largest reduction, ties to the lower
  id) or \`null\`/absent (none). \`usePoints: true\` applies the points deduction P§9 allows.
  \`pickupTime\`/\`deliveryTime\`: \`"ASAP"\` or epoch ms.
- **Who orders.** The submission does not carry C§3's \`vipInfo\`: the server reads the member from
  the token; \`vipId\` only names the card the customer chose. \`payTypeId\` is the shop's id of the
  chosen pay setting, when the shop has several of one pay type.
- **Order list tabs.** order/list takes \`tab\`: \`all\`, \`unpaid\` (nopay, need_pay),
  \`inProgress\` (pending, confirmed_new, confirmed, delivered, wait_rider_pending, rider_confirmed,
  rider_picked_up, rider_delivery_exception), \`completed\` (successed, closed, refused, nopay_cancel),
  \`refund\` (refunding, refund, refund_fail) — \`ORDER_LIST_TAB_STATUSES\` in order.ts. Newest first.
- **Order record field names** (order/detail, order/list): \`orderNo\`, \`type\`, \`createdAt\`,
  \`status\`, \`note\`, \`merchantNote\`, \`tableNo\`, \`people\`, \`contact\` (contact_name,
  contact_phone, contact_address, contact_address_gps), \`appointmentTime\`, \`pickupTime\`,
  \`deliveryTime\`, \`deliveryFee\`, \`packFee\`, \`dishwareAmount\`, \`serviceCharge\`, \`tableFee\`,
  \`taxAmount\`, \`roundingAmount\` (signed), \`couponId\`/\`couponName\`/\`couponAmount\`,
  \`pointsDeduction\`/\`pointsUsed\`, \`vipDiscount\`, \`discountAmount\` (every discount together),
  \`goodsAmount\` (lines at original price), \`total\` (payable), \`paidAmount\`; \`payStatus\`
  (0 processing, 1 success, 2 fail, 3 cancel); \`lines\` (each with its price, original price, amount
  and prorated discount); \`adjustments\` (one row per discount naming its source: activity id and type,
  coupon id, member discount or price, shop rebate, points, gift amount, promotion code; line-level rows
  carry the line flag).
- **Unpaid countdown.** An unpaid order carries \`payDeadline\` (epoch ms). The length is the shop's
  unpaid-order minutes (default 15; \`UNPAID_TIMEOUT_S\` overrides it); at the deadline the server
  closes the order (status nopay_cancel) and releases its stock. \`order/close\` cancels earlier.
- **Payment.** order/confirm answers \`needPay\`: false for cash (paid at the counter) and member card
  (debited at once after the pay password, which is required for \`payType: "vip"\`; never from a
  browser page), true for wallets and provider pages. Then \`order/pay {id, payType}\` answers one of
  \`paid\`, \`wallet\` (parameters for the chat-app or payment-app wallet API) or \`redirect\` (the
  stripe-pay / allin-pay provider page). The provider calls back \`pay/callback/<provider>\` (no token;
  authenticated by \`sign\` = hex HMAC-SHA256, with the provider key, of the other fields sorted by name
  and joined as \`key=value\` with \`&\`). When the callback does not come, \`order/payQuery {id}\` asks
  the provider and settles the order ("check whether paid"). \`order/payErrorCallback\` records a
  wallet failure or cancel; the order stays payable until its deadline (payment can be retried).
- **Member top-up.** \`vip/recharge {ruleId | amount, payType}\` works like order/pay (a wallet or
  provider payment, \`pay\` in the answer); \`vip/rechargeQuery\` settles and reads it for the
  charge-success page.
- **Pay password.** vip/updatePayPassword sets it (first time), changes it (\`originPayPassword\`) or
  resets it after an SMS check (\`phone\`, \`smsCode\`). It is stored as an argon2 hash and never
  returned: member info has \`hasPayPassword\`. Five wrong entries in a row lock member-card payment
  for 15 minutes (\`payPasswordLocked\`).
- **Register / bind.** vip/register and vip/bind take either \`code\` (the platform's phone
  authorisation, fast register) or \`phone\` + \`smsCode\`.
- **Table orders.** A table order (C§3 names) also carries \`nCreateTime\`, its \`roomId\` and its
  \`lines\` with the diner who added each. table/canPay takes a paying lock for one diner;
  table/confirm settles it like order/confirm (same \`expectedTotal\` / \`amountError\` rule);
  table/cancelPay releases it.
- **Beauty.** beauty/users also answers the beauty \`set\` (serviceUserRequired, pay switches,
  depositSet with payMode 1 = \`rate\` percent, 2 = fixed \`amount\`; slotMinutes).
  beauty/alreadyAppointmentTimes answers the booked \`[start, end)\` slots of a day.
- **Shared cart.** Room id \`table_{shopId}_{tableId}_{orderId}\`. consumer/cart-sync answers the room
  cart \`{ products, version }\` (or one line with \`flag\`); consumer/cart-operate answers \`code\`
  (10000 ok, -10001 ParamsError, -10002 ProductBusy, -10003 ProductNotFound, -10004 EditFail,
  -10005 CleanFail), \`reason\` and \`latestProduct\`. Each line has a \`version\`; an edit from an older
  version is ProductBusy. Line prices in the room are for display; the order is priced on the server.
- **Websocket** \`/ws/{roomId}\` with the token (header \`token\`, or \`?token=\` from a browser). Client
  frames: \`join\`, \`add\`/\`edit\`/\`delete\` (with the line), \`clear\`, \`submitted\`, \`sync\`, \`ping\`;
  each operation has a \`seq\` echoed by the server's \`reply\` (code, reason, latestProduct, version).
  The server also sends \`event\` (someone's change: cart operation 1 Add … 6 Joined, the line, who, cart
  version), \`snapshot\` (the cart, after join and on sync), \`pong\` and \`error\`. Close codes: 1000
  app hidden, 4001 bad token, 4004 no such room.

## Calls
`;

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
