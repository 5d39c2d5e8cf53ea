import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAddressRoutes } from './address';
import { registerDeliveryRoutes } from './delivery';
import { registerIpLocationRoutes } from './ip-location';
import { registerStoreRoutes } from './store';
import { registerUserRoutes } from './user';
import { registerOrderRoutes } from './order';
import { registerPayRoutes } from './pay';
import { registerMerchantRoutes } from './merchant';
import { registerVipRoutes } from './vip';
import { registerActivityRoutes } from './activity';
import { registerTableRoutes } from './table';
import { registerBeautyRoutes } from './beauty';
import { registerMultiOrderRoutes } from './multi-order';
import { registerPublicShopRoutes } from './shops-public';
import { registerConsoleRoutes } from './console';
import { registerOpsRoutes } from './ops';
import { installShopScope } from './shop-scope';
import { rateLimitsPlugin } from '../http/rate-limit';

/** A function that registers one area's routes. */
export type RouteRegistrar = (app: FastifyInstance, ctx: ServerContext) => void | Promise<void>;

/**
 * Every area of the API, in one list: an area adds `routes/<area>.ts` exporting a registrar
 * (thin routes calling `services/<area>.ts`) and one line here.
 */
export const areas: RouteRegistrar[] = [registerUserRoutes, registerAddressRoutes, registerDeliveryRoutes, registerStoreRoutes, registerOrderRoutes, registerPayRoutes, registerMerchantRoutes];

// C§7 IP location: the maps service behind server/src/services/geo-ip.ts
areas.push(registerIpLocationRoutes);
areas.push(registerVipRoutes);
areas.push(registerActivityRoutes);
areas.push(registerTableRoutes);
areas.push(registerMultiOrderRoutes);
areas.push(registerBeautyRoutes);
areas.push(registerPublicShopRoutes);
// after the table routes: the console's live channels use the websocket plugin they register
areas.push(registerConsoleRoutes);
// /healthz, /readyz and (with METRICS_KEY) /metrics: the operator's endpoints (OPS-1)
areas.push(registerOpsRoutes);

export async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // before any route: the hook checks every shop id a request names against its token
  installShopScope(app, ctx);
  await app.register(rateLimitsPlugin, { ctx });
  for (const register of areas) await register(app, ctx);
}
