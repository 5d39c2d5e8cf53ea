import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { payCalls, sandboxPayCalls } from '../../../src/api/contract/order';
import { PayType } from '../../../src/domain/enums';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { SANDBOX_PAGE_PATH } from '../payments/sandbox';
import { completeSandboxTrade, handleCallback } from '../services/orders/payment';

/** JSON for an inline script: `<` escaped so no value can close the script element. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * The sandbox provider page (stripe-pay / allin-pay): shows the amount and lets the tester pay,
 * fail or cancel; the page posts to pay/sandbox/complete, which posts the signed callback.
 */
function sandboxPage(
  request: FastifyRequest<{ Params: { page: string }; Querystring: Record<string, string> }>,
  reply: FastifyReply,
) {
  const q = request.query;
  const title =
    request.params.page === 'stripe-pay' ? 'Card payment (sandbox)' : 'All-in-one payment (sandbox)';
  const data = scriptJson({ tradeNo: q.tradeNo ?? '', ticket: q.ticket ?? '' });
  const back = scriptJson(/^https?:\/\//.test(q.returnUrl ?? '') ? q.returnUrl : '');
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:420px;margin:40px auto;text-align:center">
<h2>${escapeHtml(title)}</h2><p>Order ${escapeHtml(q.orderNo ?? '')}</p><p style="font-size:28px">${escapeHtml(q.amount ?? '')}</p>
<button id="pay" style="font-size:18px;padding:10px 24px">Pay</button> <button id="fail">Fail</button> <button id="cancel">Cancel</button>
<p id="msg"></p><script>
const d=${data};const back=${back};
async function go(status){const r=await fetch('/new/consumer/pay/sandbox/complete',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({...d,status})});
const j=await r.json();document.getElementById('msg').textContent=j.result?('Done: '+j.info.outcome):j.info;if(back&&j.result)setTimeout(()=>{location.href=back},800);}
for(const s of ['pay','fail','cancel'])document.getElementById(s).onclick=()=>go(s==='pay'?'success':s);
</script></body></html>`;
  return reply.type('text/html; charset=utf-8').send(html);
}

/** Provider callbacks (signed, no token) and the sandbox provider side (ORDER-7). */
export function registerPayRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const callbacks = [
    [payCalls.callbackWeixin, PayType.weixin],
    [payCalls.callbackAlipay, PayType.alipay],
    [payCalls.callbackStripe, PayType.stripe],
    [payCalls.callbackAllinpay, PayType.allinpay],
  ] as const;
  for (const [def, provider] of callbacks) {
    registerCall(app, ctx, def, async (c) => {
      await handleCallback(ctx, provider, c.body);
      return 'ok';
    });
  }
  registerCall(app, ctx, sandboxPayCalls.complete, async (c) => ({
    outcome: await completeSandboxTrade(ctx, c.body),
  }));
  app.get<{ Params: { page: string }; Querystring: Record<string, string> }>(
    `${SANDBOX_PAGE_PATH}:page`,
    sandboxPage,
  );
}
