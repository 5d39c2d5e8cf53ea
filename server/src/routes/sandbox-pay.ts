/**
 * The sandbox provider's own pages (demo mode only; not registered without PAYMENTS=sandbox): the
 * cashier an H5 customer is sent to, and the wallet endpoint the sandbox wallet of a mini program
 * calls. They stand for the provider: a choice here is the provider confirming (or failing) the
 * trade, which reaches the server as a signed notification through the same door as a real one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resources } from '../../../locales';
import * as money from '../../../src/domain/money';
import type { ServerContext } from '../context';
import { paymentsOf } from '../payments';
import { SANDBOX_BASE, type SandboxChoice } from '../payments/sandbox';
import { takeNotification } from '../services/payments/events';

const Choice = z.object({ choice: z.enum(['pay', 'fail', 'cancel']), notify: z.boolean().optional() }).strict();
const WalletChoice = z
  .object({
    prepayId: z.string().max(80).optional(),
    tradeNO: z.string().max(80).optional(),
    choice: z.enum(['pay', 'fail', 'cancel']),
    notify: z.boolean().optional(),
  })
  .strict();

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
/** JSON for an inline script: `<` escaped so no value can close the script element. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The page the cashier returns to when the app named it in the address (H5): only back into this
 * server's own site (PUBLIC_URL, or the host the page was opened on) — never an open redirect.
 */
function sameSiteReturn(ctx: ServerContext, url: string | undefined, host: string | undefined): string {
  if (!url) return '';
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return '';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return '';
  const own = new URL(ctx.config.publicUrl);
  return target.origin === own.origin || (host !== undefined && target.host === host) ? target.href : '';
}

type Lang = keyof typeof resources;
function langOf(request: FastifyRequest<{ Querystring: { lang?: string } }>): Lang {
  const wanted = [request.query.lang ?? '', ...(request.headers['accept-language'] ?? '').split(',')];
  for (const w of wanted) {
    const tag = w.split(';')[0].trim();
    if (tag in resources) return tag as Lang;
    if (/^zh-(TW|HK|Hant)/i.test(tag)) return 'zh-TW';
    if (/^zh/i.test(tag)) return 'zh-CN';
    const base = tag.slice(0, 2).toLowerCase();
    if (base in resources) return base as Lang;
  }
  return 'zh-CN';
}
const textsOf = (lang: Lang) => ({ ...resources.en.translation.sandboxPay, ...resources[lang].translation.sandboxPay });

const sandboxTrade = async (ctx: ServerContext, tradeNo: string) => (await paymentsOf(ctx).sandbox?.trade(tradeNo)) ?? null;

/** The provider decides, then its signed notification is delivered (unless withheld). */
async function decide(ctx: ServerContext, tradeNo: string, choice: SandboxChoice, notify: boolean) {
  const sandbox = paymentsOf(ctx).sandbox;
  if (!sandbox) return { ok: false as const };
  const p = await sandboxTrade(ctx, tradeNo);
  if (!p || p.providerState !== 'open') return { ok: false as const };
  const n = await sandbox.decide(tradeNo, choice, notify);
  if (!n) return notify ? { ok: false as const } : { ok: true as const, outcome: 'recorded' };
  const taken = await takeNotification(ctx, 'sandbox', n);
  return taken.outcome === 'rejected' ? { ok: false as const } : { ok: true as const, outcome: taken.outcome };
}

export async function registerSandboxPay(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get<{ Params: { tradeNo: string }; Querystring: { lang?: string; returnUrl?: string } }>(
    `${SANDBOX_BASE}/checkout/:tradeNo`,
    async (request, reply: FastifyReply) => {
      const t = textsOf(langOf(request));
      const p = await sandboxTrade(ctx, request.params.tradeNo);
      const head = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.title)}</title></head>`;
      const style = 'font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;text-align:center';
      if (!p || p.providerState !== 'open') {
        return reply
          .code(p ? 200 : 404)
          .type('text/html; charset=utf-8')
          .send(`${head}<body style="${style}"><h2>${escapeHtml(t.title)}</h2><p id="msg">${escapeHtml(p ? t.done : t.gone)}</p></body></html>`);
      }
      const back = typeof p.data?.returnUrl === 'string' ? p.data.returnUrl : sameSiteReturn(ctx, request.query.returnUrl, request.headers.host);
      const data = scriptJson({ tradeNo: p.tradeNo, back, done: t.done });
      const html = `${head}<body style="${style}">
<h2>${escapeHtml(t.title)}</h2><p style="color:#888;font-size:13px">${escapeHtml(t.note)}</p>
<p>${escapeHtml(t.order)} ${escapeHtml(typeof p.data?.description === 'string' ? p.data.description : p.tradeNo)}</p><p style="font-size:28px">${escapeHtml(t.amount)} ${escapeHtml(money.of(p.amount).toFixed(2))}</p>
<button id="pay" style="font-size:18px;padding:10px 24px">${escapeHtml(t.pay)}</button> <button id="fail">${escapeHtml(t.fail)}</button> <button id="cancel">${escapeHtml(t.cancel)}</button>
<p id="msg"></p><script>
const d=${data};
async function go(choice){const r=await fetch(location.pathname,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({choice})});
const j=await r.json();document.getElementById('msg').textContent=j.ok?d.done:'';if(d.back&&j.ok)setTimeout(()=>{location.href=d.back},600);}
for(const s of ['pay','fail','cancel'])document.getElementById(s).onclick=()=>go(s);
</script></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post<{ Params: { tradeNo: string } }>(`${SANDBOX_BASE}/checkout/:tradeNo`, async (request, reply) => {
    const body = Choice.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false });
    const res = await decide(ctx, request.params.tradeNo, body.data.choice, body.data.notify !== false);
    return reply.code(res.ok ? 200 : 409).send(res);
  });

  app.post(`${SANDBOX_BASE}/wallet`, async (request, reply) => {
    const body = WalletChoice.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false });
    const { prepayId, tradeNO } = body.data;
    const tradeNo = prepayId?.startsWith('sbx_') ? prepayId.slice(4) : tradeNO?.startsWith('SBX') ? tradeNO.slice(3) : null;
    if (!tradeNo) return reply.code(400).send({ ok: false });
    const res = await decide(ctx, tradeNo, body.data.choice, body.data.notify !== false);
    return reply.code(res.ok ? 200 : 409).send(res);
  });
}
