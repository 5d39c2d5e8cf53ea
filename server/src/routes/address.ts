import type { FastifyInstance } from 'fastify';
import { addressCalls } from '../../../src/api/contract/address';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { addAddress, deleteAddress, listAddresses, ownAddress, toAddress, updateAddress } from '../services/addresses';

/** Address calls (C§7 address, USER-3): every call acts only on the token user's own addresses. */
export function registerAddressRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, addressCalls.list, async (c) => ({ list: await listAddresses(ctx.db, c.session.userId) }));
  registerCall(app, ctx, addressCalls.detail, async (c) => toAddress(await ownAddress(ctx.db, c.session.userId, c.body.id)));
  registerCall(app, ctx, addressCalls.add, async (c) => addAddress(ctx.db, c.session.userId, c.body));
  registerCall(app, ctx, addressCalls.update, async (c) => {
    const { id, ...input } = c.body;
    return updateAddress(ctx.db, c.session.userId, id, input);
  });
  registerCall(app, ctx, addressCalls.delete, async (c) => {
    await deleteAddress(ctx.db, c.session.userId, c.body.id);
    return 'ok';
  });
}
