/** Promotions texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { promo as source } from './zh-CN';

export const promo: DeepPartial<WidenArea<typeof source>> = {
  title: 'Cupones',
  actions: {
    use: 'Usar ahora',
    receive: 'Recoger',
    detail: 'Detalles',
    search: 'Buscar',
    apply: 'Usar en este pedido',
    remove: 'Quitar',
    register: 'Hazte socio',
    share: 'Compartir con amigos',
    check: 'Recoger premio',
    myCoupons: 'Mis cupones',
    goMenu: 'Pedir ahora',
    retry: 'Reintentar',
  },
  list: {
    tabs: { now: 'Disponibles', all: 'Todos', chainShops: 'Otras tiendas' },
    empty: 'Aún no tienes cupones',
    memberOnly: 'Hazte socio para recoger y usar cupones',
    received: 'Recogido: {{name}}',
  },
  face: { rate: '{{off}} % dto.', product: 'Vale', threshold: 'Desde {{amount}}', noThreshold: 'Sin mínimo' },
  state: { usable: 'Disponible', notStarted: 'Aún no válido', expired: 'Caducado', closed: 'Cerrado' },
  conditions: { title: 'Condiciones', chain: 'Todas las tiendas de la cadena', cardPayOnly: 'Solo pagando con tarjeta de socio', userTypeMember: 'Solo socios' },
  orderTypes: { takeaway: 'envío', selfPickup: 'recogida', dine: 'en el local', appointment: 'citas' },
  expand: { title: 'Comparte un sobre rojo', openBag: 'Abrir el sobre', empty: 'No quedan sobres', expired: 'La oferta ha terminado' },
  code: { placeholder: 'Introduce un código', found: 'Código aceptado', rowLabel: 'Código promocional', rowAdd: 'Introducir código' },
};
