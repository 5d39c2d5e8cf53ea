import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { paymentsOf } from '../payments';
import { receiveNotification } from '../services/payments/events';
import { registerSandboxPay } from './sandbox-pay';

/** A notification body as received: its exact text (signatures cover the bytes). */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * Provider notifications (ORDER-7): `POST /pay/notify/<provider>` for each provider this server runs
 * (PAYMENTS). No token: the provider's signature is the only identity; the body is kept raw. In
 * sandbox mode the sandbox provider's own pages are registered too (routes/sandbox-pay.ts).
 */
export async function registerPayRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const names = ctx.config.payments.providers.filter((n) => paymentsOf(ctx).byName(n));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
      if (!names.includes(request.params.provider as (typeof names)[number]))
        return reply.code(404).type('text/plain').send('unknown provider');
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await receiveNotification(ctx, request.params.provider, { headers, rawBody });
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    });
  });
  if (paymentsOf(ctx).sandbox) await registerSandboxPay(app, ctx);
}
