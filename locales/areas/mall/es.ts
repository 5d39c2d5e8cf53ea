/** Points mall texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { mall as source } from './zh-CN';

export const mall: DeepPartial<WidenArea<typeof source>> = {
  title: 'Tienda de puntos',
  myPoints: 'Mis puntos',
  pointsUnit: 'puntos',
  pointsPrice: '{{count}} puntos',
  register: 'Hazte socio',
  exchange: 'Canjear',
  exchangeNow: 'Canjear ahora',
  exchanging: 'Canjeando…',
  details: 'Detalles',
  short: 'Faltan {{count}} puntos',
  shortLong: 'Puntos insuficientes: faltan {{count}}',
  soldOut: 'Agotado',
  registerFirst: 'Solo socios: regístrate para canjear',
  confirmExchange: '¿Canjear {{count}} puntos por «{{name}}»?',
  emptyTitle: 'Aún no hay nada que canjear',
  retry: 'Reintentar',
  kind: { coupon: 'Cupón', product: 'Regalo' },
  detail: { conditions: 'Condiciones', needPoints: 'Puntos necesarios', yourPoints: 'Tus puntos' },
  success: { received: 'Has recibido', spent: 'Puntos gastados', remaining: 'Puntos restantes', useNow: 'Usar ahora', backToMall: 'Volver a la tienda de puntos' },
};
