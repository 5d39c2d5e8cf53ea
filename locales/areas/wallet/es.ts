/** Wallet texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { wallet as source } from './zh-CN';

export const wallet: DeepPartial<WidenArea<typeof source>> = {
  title: 'Recargar',
  balance: 'Saldo',
  giftAmount: 'Saldo regalo',
  points: 'Puntos',
  retry: 'Recargar página',
  loadFailed: 'No se pudo cargar',
  loadingMore: 'Cargando más…',
  noMore: 'No hay más',
  register: 'Hazte socio',
  recharge: {
    chooseAmount: 'Elige un importe',
    chargeGift: 'Recarga {{charge}} y recibe {{gift}}',
    gift: '+{{amount}} de regalo',
    firstCharge: 'Primera recarga',
    custom: 'Otro importe',
    customInvalid: 'Introduce al menos {{amount}}, con {{places}} decimales como máximo',
    customPlaceholder: 'Introduce un importe',
    payType: 'Pagar con',
    pay: 'Recargar ahora',
    payAmount: 'Pagar {{amount}}',
    closedTitle: 'Recargas no disponibles',
    goMember: 'Volver al área de socios',
  },
  success: {
    paidTitle: 'Recarga realizada',
    paid: 'Pagado',
    gift: 'Regalo',
    newBalance: 'Saldo actual',
    refresh: 'Actualizar',
    again: 'Recargar de nuevo',
    backToMember: 'Volver al área de socios',
    viewDoc: 'Ver movimientos',
  },
  doc: { emptyTitle: 'Sin movimientos', goRecharge: 'Recargar' },
  pointDoc: { emptyTitle: 'Sin historial de puntos', current: 'Puntos' },
  limitCard: { emptyTitle: 'Sin bonos', history: 'Historial', expired: 'Caducado', goMenu: 'Pedir ahora' },
  cardHistory: { emptyTitle: 'Sin usos', back: 'Volver a los bonos' },
  shops: { emptyTitle: 'Sin tiendas', current: 'Esta tienda', go: 'Ir' },
  types: { charge: 'Recarga', consume: 'Pago', add: 'Suma', reduce: 'Resta', exchange: 'Canje' },
};
